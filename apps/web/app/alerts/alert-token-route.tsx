import { Form, useNavigation } from 'react-router';
import { isServiceError } from '../admin';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/alert-token-route';
import { Breadcrumb } from '../ui/breadcrumb';
import './alerts.css';

const kinds = {
  confirm: { title: '確認訂閱病蟲害警報', button: '確認訂閱', done: '已確認訂閱，有新的警報時會寄信通知您。' },
  unsubscribe: { title: '取消訂閱病蟲害警報', button: '取消訂閱', done: '已取消訂閱，不會再收到這項警報。' },
} as const;
type Kind = keyof typeof kinds;

const kindOf = (url: string): Kind => (new URL(url).pathname.endsWith('/unsubscribe') ? 'unsubscribe' : 'confirm');

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { kind: kindOf(request.url), token: url.searchParams.get('token') ?? '' };
}

/**
 * The confirmation and the unsubscribe links of the alert mails (decision 0403) open a page with
 * one button: a mail scanner that follows links changes nothing, a person's click does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  try {
    if (kindOf(request.url) === 'confirm') await context.services.alerts.confirmEmailSubscription({ token });
    else await context.services.alerts.unsubscribeFromAlerts({ token });
    return { done: true, error: '' };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { done: false, error: error.message };
  }
}

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(matches[0].loaderData, { title: kinds[data?.kind ?? 'confirm'].title, path: '/alerts' }),
  { name: 'robots', content: 'noindex' },
];

export default function AlertTokenRoute({ loaderData, actionData }: Route.ComponentProps) {
  const words = kinds[loaderData.kind];
  const navigation = useNavigation();
  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害警報', link: '/alerts' }, { title: words.title }]} />
      <div className="container alerts-page">
        <h1>{words.title}</h1>
        {actionData?.done ? (
          <p role="status">{words.done}</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            {actionData?.error ? (
              <p className="alerts-page__error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
              {words.button}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
