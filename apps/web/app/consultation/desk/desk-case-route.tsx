import {
  deskCaseStatusLabels,
  deskPublishNeedsConsent,
  followUpAnswerLabels,
  followUpQuestion,
  publishConsentLabels,
} from '@pest/contracts';
import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AdminErrorPage, adminCall, isServiceError } from '../../admin';
import { appUrl } from '../../kernel/file-url';
import { pageMeta } from '../../kernel/page-meta';
import { formatDateTime } from '../../ui/format-date-time';
import { notify } from '../../ui/lazy-toast';
import { RichText } from '../../ui/rich-text';
import type { Route } from './+types/desk-case-route';
import { DeskContactSection, DeskPhotosSection, DeskQuestionSection } from './desk-case-details';
import { DeskLinkPicker } from './desk-link-picker';
import './desk.css';

function caseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data({ message: '編號格式有誤' }, { status: 400 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The staff check comes first: a member learns nothing, not even whether the case exists.
  const viewer = await adminCall(request, () => context.admin.staff());
  const id = caseId(params.id);
  const desk = context.services.consultation.desk;
  // The asker's contact only for the assigned expert and admins, each view audited (decision 0304).
  const [found, experts] = await Promise.all([desk.getCase(id, viewer), desk.listExperts()]);
  if (!found) throw data({ message: '找不到此諮詢案件' }, { status: 404 });
  return { found, experts };
}

const doneMessages = {
  reply: '已送出回覆，並寄信通知提問者。',
  publish: '已更新公開設定。',
  note: '已儲存工作人員備註。',
  assign: '已指派專家。',
} as const;
type Intent = keyof typeof doneMessages;

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await adminCall(request, () => context.admin.staff());
  const id = caseId(params.id);
  const desk = context.services.consultation.desk;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as Intent;
  const text = (name: string) => String(form.get(name) ?? '');
  // The link pickers post one hidden field per chosen link; an API client may send "12, 15".
  const ids = (name: string) => form.getAll(name).map(String).join(',');
  try {
    if (intent === 'reply') {
      await desk.replyToCase(viewer, id, {
        reply: text('reply'),
        recordIds: ids('recordIds'),
        ipmIds: ids('ipmIds'),
        publish: form.get('publish') === 'on',
      });
    } else if (intent === 'publish') {
      await desk.setCasePublished(viewer, id, { published: text('published') === 'true' });
    } else if (intent === 'note') {
      await desk.saveStaffNote(viewer, id, { note: text('note') });
    } else if (intent === 'assign') {
      await desk.assignCase(viewer, id, { expertId: text('expertId') });
    } else {
      throw data({ message: '不明的操作' }, { status: 400 });
    }
    return { intent, done: doneMessages[intent], error: null, issues: {} as Record<string, string>, values: null };
  } catch (error) {
    if (!isServiceError(error) || error.statusCode === 404) throw error;
    const issues = Object.fromEntries((error.issues ?? []).map((issue) => [issue.path, issue.message]));
    return {
      intent,
      done: null,
      error: error.message,
      issues,
      // What was typed stays in the form.
      values: { reply: text('reply'), note: text('note') },
    };
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches[0].loaderData, { title: loaded ? `諮詢案件 ${loaded.found.id}` : '諮詢案件' });

/** One case on the desk: question, photos, contact, assignment, reply, publishing, staff note, follow-up. */
export default function DeskCaseRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { found, experts } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const failed = actionData?.error ? actionData : null;
  const values = failed?.values;
  const issue = (name: string) => (failed?.issues[name] ? failed.issues[name] : null);
  const doneLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!actionData?.done) return;
    notify.success(actionData.done);
    // The saved message is brought into view and read out where the staff member is (decision 0376).
    doneLine.current?.focus();
    doneLine.current?.scrollIntoView({ block: 'center' });
  }, [actionData]);
  const errorFor = (intent: Intent) =>
    failed?.intent === intent && failed.error ? (
      <p className="form-error" role="alert">
        {failed.error}
      </p>
    ) : null;
  // The asker's consent decides whether the case may be made public (decision 0302).
  const publishLocked = found.published_at === null && !found.can_publish;
  const publishReason =
    found.status !== 'answered' ? '回覆後才能公開。' : publishLocked ? `${deskPublishNeedsConsent}。` : null;

  return (
    <article className="desk-case">
      <p className="admin-back">
        <Link to="/admin/consultation-cases">回諮詢案件列表</Link>
      </p>
      <h1 className="page-title">
        諮詢案件 {found.id}：{found.crop_name}
        <span className="desk-case__status">{deskCaseStatusLabels[found.status]}</span>
        {found.overdue ? <span className="desk-case__overdue">逾 48 小時未回覆</span> : null}
      </h1>
      <p role="status" className="admin-done" ref={doneLine} tabIndex={-1}>
        {actionData?.done ?? ''}
      </p>

      {/* From desk width on, the question and photos sit beside the reply (decision 0376). */}
      <div className="desk-case__work">
        <div className="desk-case__material">
          <DeskQuestionSection found={found} />
          <DeskPhotosSection found={found} />
        </div>
        <div className="desk-case__answer">
          <section aria-labelledby="desk-assign" className="desk-section">
            <h2 id="desk-assign">指派專家</h2>
            {/* Keyed by the assignee: a reply may assign the case, and the select must show it. */}
            <Form method="post" className="desk-inline-form" key={found.assigned_expert_id ?? 'none'}>
              <input type="hidden" name="intent" value="assign" />
              {errorFor('assign')}
              <div className="admin-field">
                <label htmlFor="desk-expert">負責專家</label>
                <select id="desk-expert" name="expertId" defaultValue={found.assigned_expert_id ?? ''} required>
                  <option value="" disabled>
                    請選擇
                  </option>
                  {experts.map((expert) => (
                    <option key={expert.id} value={expert.id}>
                      {expert.name}（{expert.account}）
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button" disabled={busy}>
                指派
              </button>
            </Form>
          </section>

          <section aria-labelledby="desk-reply" className="desk-section">
            <h2 id="desk-reply">回覆</h2>
            {found.reply_html ? (
              <div className="desk-current-reply">
                <p className="desk-case__meta">
                  目前的回覆：{found.replied_by ?? ''} 於 {formatDateTime(found.replied_at)}
                </p>
                <RichText html={found.reply_html} />
              </div>
            ) : null}
            <Form method="post" className="admin-form desk-reply-form" key={found.replied_at ?? 'new'}>
              <input type="hidden" name="intent" value="reply" />
              {errorFor('reply')}
              <div className="admin-field">
                <label htmlFor="desk-reply-text">
                  回覆內容<span className="field-required">（必填）</span>
                </label>
                <p id="desk-reply-help" className="field-description">
                  空一行分段；以「- 」開頭的各行成為項目清單；**文字** 為粗體；http(s) 網址自動成為連結。其他 HTML
                  不會生效。
                </p>
                <textarea
                  id="desk-reply-text"
                  name="reply"
                  rows={10}
                  required
                  maxLength={10000}
                  defaultValue={values?.reply ?? found.reply_text}
                  aria-describedby={`desk-reply-help${issue('reply') ? ' desk-reply-error' : ''}`}
                  aria-invalid={issue('reply') ? true : undefined}
                />
                {issue('reply') ? (
                  <p id="desk-reply-error" className="field-error">
                    {issue('reply')}
                  </p>
                ) : null}
              </div>
              <DeskLinkPicker
                kind="record"
                name="recordIds"
                initial={found.links.filter((link) => link.kind === 'record')}
              />
              <DeskLinkPicker kind="ipm" name="ipmIds" initial={found.links.filter((link) => link.kind === 'ipm')} />
              {found.links.length > 0 ? (
                <>
                  <p className="desk-case__meta">目前回覆附上的連結：</p>
                  <ul className="desk-links">
                    {found.links.map((link) => (
                      <li key={`${link.kind}-${link.id}`}>
                        <a
                          href={appUrl(
                            link.kind === 'record' ? `search/bug/detail?id=${link.id}` : `IPM/detail?id=${link.id}`,
                          )}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {link.kind === 'record' ? '記錄' : 'IPM'}：{link.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <label className="admin-check">
                <input
                  type="checkbox"
                  name="publish"
                  defaultChecked={found.published_at !== null}
                  disabled={publishLocked}
                  aria-describedby="desk-reply-publish-reason"
                />
                公開於影像諮詢問答（提問者姓名遮蔽，不含聯絡資料）
              </label>
              <p id="desk-reply-publish-reason" className="field-description">
                {publishConsentLabels[found.publish_consent]}
                {publishLocked ? `：${deskPublishNeedsConsent}。` : '。'}
              </p>
              <div className="admin-form__actions">
                <button type="submit" className="button button--primary" disabled={busy}>
                  {found.reply_html ? '更新回覆並寄信' : '送出回覆並寄信'}
                </button>
              </div>
            </Form>
          </section>
        </div>
      </div>
      <DeskContactSection found={found} />

      <section aria-labelledby="desk-publish" className="desk-section">
        <h2 id="desk-publish">公開</h2>
        {errorFor('publish')}
        <p>
          {found.published_at
            ? `已於 ${formatDateTime(found.published_at)} 公開。`
            : found.status === 'answered'
              ? '目前不公開，只有提問者與工作人員看得到。'
              : '回覆後才能公開。'}{' '}
          {publishConsentLabels[found.publish_consent]}。
        </p>
        {found.status === 'answered' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="published" value={found.published_at ? 'false' : 'true'} />
            <button
              type="submit"
              className="button"
              disabled={busy || publishLocked}
              aria-describedby={publishReason ? 'desk-publish-reason' : undefined}
            >
              {found.published_at ? '改為不公開' : '公開此案件'}
            </button>
            {publishReason ? (
              <p id="desk-publish-reason" className="field-description">
                {publishReason}
              </p>
            ) : null}
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="desk-note" className="desk-section">
        <h2 id="desk-note">工作人員備註</h2>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="note" />
          {errorFor('note')}
          <div className="admin-field">
            <label htmlFor="desk-note-text">備註（提問者與民眾看不到）</label>
            <textarea
              id="desk-note-text"
              name="note"
              rows={3}
              maxLength={5000}
              defaultValue={values?.note ?? found.staff_note}
            />
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={busy}>
              儲存備註
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="desk-follow-up" className="desk-section">
        <h2 id="desk-follow-up">回覆後追蹤</h2>
        <p>
          {found.follow_up_sent_at
            ? `已於 ${formatDateTime(found.follow_up_sent_at)} 寄出「${followUpQuestion}」，` +
              (found.follow_up_answer ? `回答：${followUpAnswerLabels[found.follow_up_answer]}。` : '尚未回答。')
            : found.replied_at
              ? '回覆 8 天後會寄出追蹤問題。'
              : '回覆後 8 天寄出追蹤問題。'}
        </p>
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
