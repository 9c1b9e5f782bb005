import { personalDataMessages } from '@pest/contracts';
import { Form, Link } from 'react-router';
import { pageMeta } from '../../kernel/page-meta';
import { serviceErrorMessage } from '../account-errors';
import { loginRedirect } from '../require-member';
import type { Route } from './+types/personal-data-route';
import { exportStatusText } from './export-status-text';
import '../accounts.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  const query = new URL(request.url).searchParams;
  return {
    status: await context.services.accounts.privacy.exportStatus(viewer.memberId),
    linkUsed: query.get('link') === 'used',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  try {
    await context.services.accounts.privacy.requestExport(viewer.memberId);
    return { ok: true, message: personalDataMessages.exportQueued };
  } catch (error) {
    const known = serviceErrorMessage(error);
    if (!known) throw error;
    return { ok: false, message: known.message };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '下載我的資料' });

/** /member/personal-data: ask for a copy of everything the site holds about the member (decision 0308). */
export default function PersonalDataRoute({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? (loaderData.linkUsed ? personalDataMessages.linkUsed : '');
  return (
    <div className="container account-page">
      <h1 className="account-page__title">下載我的資料</h1>
      <p role={actionData && !actionData.ok ? 'alert' : 'status'} className="account-page__status">
        {message}
      </p>
      <p>
        資料副本是一個 ZIP 檔，內含 JSON
        格式的會員資料、登入紀錄、購物車與詢價單、您送出的諮詢案件與照片、專家討論區的發文與照片、病蟲害警報與推播通知的訂閱，以及聯絡我們的留言。
      </p>
      <p>
        製作需要一些時間；完成後，下載連結會寄到您的電子郵件信箱。連結 7
        天內有效，只能下載一次，下載時需要登入。每天可以申請一次。
      </p>
      {loaderData.status ? <p>{exportStatusText(loaderData.status)}</p> : null}
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="export" />
        <button type="submit" className="button button--primary account-form__submit">
          申請下載我的資料
        </button>
      </Form>
      <p>
        <Link to="/member" className="account-inline-link">
          回會員專區
        </Link>
      </p>
    </div>
  );
}
