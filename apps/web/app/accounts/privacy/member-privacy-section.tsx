import type { PersonalDataExportStatus } from '@pest/contracts';
import { Form, Link } from 'react-router';
import { defineMemberSection } from '../../kernel/member-section';
import { exportStatusText } from './export-status-text';

function MemberPrivacy({ status }: { status: PersonalDataExportStatus }) {
  return (
    <section aria-labelledby="member-privacy-heading" className="account-section">
      <h2 id="member-privacy-heading">我的個人資料</h2>
      <p>
        您可以下載本網站保存的您的所有資料（會員資料、詢價單、諮詢案件與照片、討論區發文、病蟲害警報訂閱、登入紀錄），或刪除帳號。
      </p>
      {status ? <p>{exportStatusText(status)}</p> : null}
      <div className="account-actions">
        <Form method="post" action="/member/personal-data">
          <input type="hidden" name="intent" value="export" />
          <button type="submit" className="button">
            申請下載我的資料
          </button>
        </Form>
        <Link to="/member/delete" className="button">
          刪除帳號
        </Link>
      </div>
    </section>
  );
}

/** The member page's section for the member's rights (decision 0307): download and deletion. */
export const memberPrivacySection = defineMemberSection<{ status: PersonalDataExportStatus }>({
  id: 'accounts-privacy',
  load: async (context, memberId) => ({
    status: await context.services.accounts.privacy.exportStatus(memberId),
  }),
  render: (data) => <MemberPrivacy {...data} />,
});
