import { Form, Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/stop-email-change-route';
import { serviceErrorMessage } from './account-errors';
import './accounts.css';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/**
 * The old address's link that stops a change of e-mail address (decision 0293). The link opens
 * this page and the button stops it, so a mail scanner that follows links never spends it. The
 * account keeps (or gets back) the old address, every sign-in ends, and the page leads on to a new
 * password with a fresh reset link: whoever asked for the change may know the old one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    const stopped = await context.services.accounts.stopEmailChange(token);
    return {
      stopped: true,
      message: `已停止變更：帳號繼續使用 ${stopped.email}，所有裝置上的登入都已結束。`,
      resetHref: `/reset-password?token=${encodeURIComponent(stopped.resetToken)}`,
    };
  } catch (error) {
    const known = serviceErrorMessage(error);
    if (!known) throw error;
    return { stopped: false, message: known.message, resetHref: null };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '停止變更電子郵件' });

export default function StopEmailChangeRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container account-page">
      <h1 className="account-page__title">停止變更電子郵件</h1>
      <div role="status" className={actionData && !actionData.stopped ? 'account-form__alert' : 'account-page__status'}>
        {actionData?.message ?? ''}
      </div>
      {actionData?.resetHref ? (
        <p>
          請立即 <Link to={actionData.resetHref}>設定新的密碼</Link>（連結 30 分鐘內有效）。
        </p>
      ) : actionData ? (
        <p>
          <Link to="/forgot-password">忘記密碼</Link>
        </p>
      ) : (
        <Form method="post" className="account-form">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>
            如果您沒有申請變更電子郵件，請按下按鈕：帳號會保留原來的電子郵件，所有裝置上的登入都會結束，接著請設定新的密碼。
          </p>
          <button type="submit" className="button button--primary account-form__submit">
            停止變更電子郵件
          </button>
        </Form>
      )}
    </div>
  );
}
