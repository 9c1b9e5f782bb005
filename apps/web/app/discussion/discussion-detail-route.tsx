import { discussionCommentMax, discussionMessages } from '@pest/contracts';
import { useState, type FormEvent } from 'react';
import { data, Link, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import { notify } from '../ui/lazy-toast';
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
      <button type="submit" className="button button--primary" disabled={sending}>
        Add
      </button>
      {problem ? (
        <p id="discussion-comment-error" className="discussion-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function DeleteButton({ label, onDelete }: { label: string; onDelete: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button discussion-delete"
      disabled={busy}
      onClick={async () => {
        if (!window.confirm(`確定要刪除${label}嗎？`)) return;
        setBusy(true);
        try {
          await onDelete();
        } catch (error) {
          notify.error(error instanceof Error ? error.message : '刪除失敗');
        } finally {
          setBusy(false);
        }
      }}
    >
      刪除{label}
    </button>
  );
}

export default function DiscussionDetailRoute({ loaderData }: Route.ComponentProps) {
  const { session, canRead, question, comments } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
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
            {question.canDelete ? (
              <DeleteButton
                label="這個問題"
                onDelete={async () => {
                  await callDiscuss('discussmain_del', { id: question.id });
                  notify.success('已刪除');
                  await navigate('/expert');
                }}
              />
            ) : null}
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
                      {comment.canDelete ? (
                        <DeleteButton
                          label="留言"
                          onDelete={async () => {
                            await callDiscuss('discusssub_del', { id: comment.id });
                            await revalidator.revalidate();
                          }}
                        />
                      ) : null}
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
