import { discussionCommentMax, discussionMessages } from '@pest/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import { notify } from '../ui/lazy-toast';
import { ScriptReadyNote, useHydrated } from '../ui/script-ready-note';
import { Spinner } from '../ui/spinner';
import type { Route } from './+types/discussion-detail-route';
import { callDiscuss } from './discussion-api';
import { detailId } from './discussion-query';
import { Avatar, DemoModeBanner, DiscussionProfileBar, DiscussionSignIn } from './discussion-sign-in';
import { PhotoGallery } from './photo-gallery';
import './discussion.css';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { discussion } = context.services;
  const { session, actor } = await discussion.pageState(request.headers.get('cookie'), await context.getViewer());
  const id = detailId(params.id);
  const canRead = session.profile !== null || session.staff;
  if (!canRead) return { session, canRead, question: null, comments: [] };
  const question = id === null ? null : await discussion.getQuestion(actor, id);
  const comments = question ? await discussion.listComments(actor, question.id) : [];
  // Not a positive number, or no such question: the not-found state, with a 404.
  if (!question) return data({ session, canRead, question, comments }, { status: 404 });
  return { session, canRead, question, comments };
}

/**
 * Deleting a question or a comment as a plain form post (decision 0368), so a tap before the page's
 * scripts have loaded is not lost. With scripts the browser asks first and sends `confirmed`;
 * without, the page answers with the question once more, and the second post deletes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { discussion } = context.services;
  const { actor } = await discussion.pageState(request.headers.get('cookie'), await context.getViewer());
  const form = await request.formData();
  const raw = form.get('intent');
  const intent = raw === 'delete-question' || raw === 'delete-comment' ? raw : null;
  const id = detailId(String(form.get('id') ?? ''));
  if (id === null || intent === null) return data({ confirm: null, problem: '找不到要刪除的內容' }, { status: 400 });
  if (form.get('confirmed') !== '1') return { confirm: { intent, id }, problem: null };
  try {
    if (intent === 'delete-question') {
      await discussion.deleteQuestion(actor, id);
      return redirect('/expert');
    }
    await discussion.deleteComment(actor, id);
    return { confirm: null, problem: null, deleted: '已刪除留言' };
  } catch (error) {
    const known = error as { statusCode?: unknown; message?: unknown } | null;
    if (typeof known?.statusCode === 'number' && known.statusCode < 500 && typeof known.message === 'string')
      return data({ confirm: null, problem: known.message }, { status: known.statusCode });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches[0].loaderData, {
    title: '專家討論區－問題內容',
    description: '專家討論區的問題與留言。',
    path: `/expert/detail/${params.id ?? ''}`,
  });

function CommentForm({
  questionId,
  session,
}: {
  questionId: number;
  session: Route.ComponentProps['loaderData']['session'];
}) {
  const revalidator = useRevalidator();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hydrated = useHydrated();
  if (!session.profile) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await callDiscuss('discusssub_new', {
        discussid: String(questionId),
        dcontent: text,
        username: session.profile?.displayName ?? '',
        userpic: session.profile?.pictureUrl ?? '',
        lineid: session.profile?.userId ?? '',
      });
      setText('');
      notify.success(discussionMessages.commentAdded);
      await revalidator.revalidate();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '發生錯誤');
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="discussion-comment-form" onSubmit={submit}>
      <Avatar name={session.profile.displayName} picture={session.profile.pictureUrl} />
      <label htmlFor="discussion-comment" className="visually-hidden">
        留言（最多 {discussionCommentMax} 個字）
      </label>
      <textarea
        id="discussion-comment"
        rows={1}
        placeholder="I want to comment..."
        maxLength={discussionCommentMax}
        required
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-describedby={['discussion-comment-count', problem ? 'discussion-comment-error' : null]
          .filter(Boolean)
          .join(' ')}
      />
      {/* The spec's 60 characters stay; the count says how many are left, so nothing is cut silently. */}
      <p id="discussion-comment-count" className="discussion-comment-form__count" aria-live="polite">
        剩餘 {discussionCommentMax - [...text].length} 字
      </p>
      <button type="submit" className="button button--primary" disabled={sending || !hydrated}>
        Add
      </button>
      <ScriptReadyNote ready={hydrated} needs="留言由頁面程式送出" />
      {problem ? (
        <p id="discussion-comment-error" className="discussion-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function DeleteButton({
  label,
  intent,
  id,
}: {
  label: string;
  intent: 'delete-question' | 'delete-comment';
  id: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(id);
  return (
    <Form
      method="post"
      className="discussion-delete-form"
      onSubmit={(event) => {
        // With scripts the browser asks; the post then says it was confirmed.
        if (!window.confirm(`確定要刪除${label}嗎？`)) {
          event.preventDefault();
          return;
        }
        const confirmed = event.currentTarget.elements.namedItem('confirmed');
        if (confirmed instanceof HTMLInputElement) confirmed.value = '1';
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="" />
      <button type="submit" className="button discussion-delete" disabled={busy}>
        刪除{label}
      </button>
    </Form>
  );
}

/** Without scripts a delete is asked once more here, as a second form post. */
function DeleteConfirmation({ confirm }: { confirm: { intent: string; id: number } }) {
  const label = confirm.intent === 'delete-question' ? '這個問題' : '這則留言';
  return (
    <div className="discussion-confirm" role="alertdialog" aria-labelledby="discussion-confirm-text">
      <p id="discussion-confirm-text">確定要刪除{label}嗎？刪除後無法復原。</p>
      <Form method="post">
        <input type="hidden" name="intent" value={confirm.intent} />
        <input type="hidden" name="id" value={confirm.id} />
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className="button button--primary">
          確定刪除
        </button>{' '}
        <Link to="." className="button">
          不刪除
        </Link>
      </Form>
    </div>
  );
}

export default function DiscussionDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { session, canRead, question, comments } = loaderData;
  const navigation = useNavigation();
  const deleted = actionData && 'deleted' in actionData ? actionData.deleted : null;
  useEffect(() => {
    if (deleted) notify.success(deleted);
  }, [deleted, actionData]);
  return (
    <div className="container discussion">
      <h1 className="page-title">專家討論區</h1>
      <DemoModeBanner session={session} />
      <p>
        <Link to="/expert" className="button">
          回討論列表
        </Link>
      </p>
      {navigation.state === 'loading' ? <Spinner /> : null}
      {actionData?.confirm ? <DeleteConfirmation confirm={actionData.confirm} /> : null}
      {actionData?.problem ? (
        <p className="discussion-error" role="alert">
          {actionData.problem}
        </p>
      ) : null}
      {!canRead ? (
        <DiscussionSignIn session={session} />
      ) : !question ? (
        <div className="discussion-not-found" role="status">
          <h2>{discussionMessages.notFound}</h2>
          <p>這則討論可能已刪除，或網址有誤。</p>
        </div>
      ) : (
        <>
          <DiscussionProfileBar session={session} />
          <article className="discussion-question" aria-labelledby="discussion-question-heading">
            <h2 id="discussion-question-heading" className="visually-hidden">
              問題內容
            </h2>
            <dl className="discussion-facts">
              <div>
                <dt>受害類別</dt>
                <dd>{question.dclass}</dd>
              </div>
              <div>
                <dt>作物類型</dt>
                <dd>
                  {question.type === '其他' && question.typeOther ? `其他（${question.typeOther}）` : question.type}
                </dd>
              </div>
              <div className="discussion-facts__wide">
                <dt>問題描述</dt>
                <dd className="discussion-text">{question.describe}</dd>
              </div>
              <div className="discussion-facts__wide">
                <dt>備註</dt>
                <dd className="discussion-text">{question.note}</dd>
              </div>
              <div>
                <dt>發問時間</dt>
                <dd>
                  <time dateTime={isoDateTime(question.newtime)}>{formatDateTime(question.newtime)}</time>
                </dd>
              </div>
              <div>
                <dt>發問者</dt>
                <dd>{question.username}</dd>
              </div>
            </dl>
            {question.canDelete ? <DeleteButton label="這個問題" intent="delete-question" id={question.id} /> : null}
          </article>
          <PhotoGallery photos={question.photos} />
          <section className="discussion-comments" aria-labelledby="discussion-comments-heading">
            <h2 id="discussion-comments-heading">留言</h2>
            <CommentForm questionId={question.id} session={session} />
            {comments.length === 0 ? (
              <p className="discussion-comments__none">{discussionMessages.noComments}</p>
            ) : (
              <ol className="discussion-comment-list">
                {comments.map((comment) => (
                  <li key={comment.id} className="discussion-comment">
                    <Avatar name={comment.username} picture={comment.userpic} />
                    <div className="discussion-comment__body">
                      <p className="discussion-comment__meta">
                        <span className="discussion-comment__name">{comment.username}</span>{' '}
                        <time dateTime={isoDateTime(comment.newtime)}>{formatDateTime(comment.newtime)}</time>
                      </p>
                      <p className="discussion-text">{comment.dcontent}</p>
                      {comment.canDelete ? <DeleteButton label="留言" intent="delete-comment" id={comment.id} /> : null}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
