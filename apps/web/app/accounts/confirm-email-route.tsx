import { Form, Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/confirm-email-route';
import { serviceErrorMessage } from './account-errors';
import './accounts.css';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/**
 * The mail's link opens this page and the button confirms: a mail scanner that follows links
 * (GET) never spends the one-time token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    const confirmed = await context.services.accounts.confirmEmail(token);
    // A change of address takes effect only now (decision 0293).
    const message = confirmed.changed ? `電子郵件已變更為 ${confirmed.email}，謝謝！` : '電子郵件已確認，謝謝！';
    return { confirmed: true, message };
  } catch (error) {
    const known = serviceErrorMessage(error);
    if (!known) throw error;
    return { confirmed: false, message: known.message };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '確認電子郵件' });

export default function ConfirmEmailRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container account-page">
      <h1 className="account-page__title">確認電子郵件</h1>
      <div
        role="status"
        className={actionData && !actionData.confirmed ? 'account-form__alert' : 'account-page__status'}
      >
        {actionData?.message ?? ''}
      </div>
      {actionData?.confirmed ? (
        <p>
          <Link to="/member">前往會員專區</Link>
        </p>
      ) : (
        <Form method="post" className="account-form">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>請按下按鈕，確認這是您的電子郵件信箱。</p>
          <button type="submit" className="button button--primary account-form__submit">
            確認電子郵件
          </button>
        </Form>
      )}
    </div>
  );
}
