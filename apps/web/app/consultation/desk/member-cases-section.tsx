import { deskCaseStatusLabels, type MemberCase } from '@pest/contracts';
import { defineMemberSection } from '../../kernel/member-section';
import { formatDateTime } from '../../ui/format-date-time';
import { RichText } from '../../ui/rich-text';
import './desk.css';

function MemberCases({ cases }: { cases: MemberCase[] }) {
  return (
    <section aria-labelledby="member-cases-heading" className="account-section">
      <h2 id="member-cases-heading">我的影像諮詢</h2>
      {cases.length === 0 ? (
        <p>您還沒有送出影像諮詢。</p>
      ) : (
        <ul className="member-cases">
          {cases.map((item) => (
            <li key={item.id}>
              <h3>
                案件編號 {item.id}：{item.crop_name}（{deskCaseStatusLabels[item.status]}）
              </h3>
              <p>送出時間：{formatDateTime(item.submitted_at)}</p>
              <p>{item.description}</p>
              {item.reply_html ? (
                <>
                  <p>
                    <strong>專家回覆</strong>（{formatDateTime(item.replied_at)}
                    {item.published ? '，已公開於影像諮詢問答' : ''}）
                  </p>
                  <RichText html={item.reply_html} />
                </>
              ) : (
                <p>專家回覆後會寄信通知您。</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's own image consultations on /member: status and reply. */
export const memberCasesSection = defineMemberSection({
  id: 'consultation-cases',
  load: (context, memberId) => context.services.consultation.desk.listMemberCases(memberId),
  render: (cases) => <MemberCases cases={cases} />,
});
