import { followUpAnswerLabels, followUpAnswers, followUpQuestion, type FollowUpAnswer } from '@pest/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { isServiceError } from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import type { Route } from './+types/follow-up-route';
import './desk.css';

const isAnswer = (value: unknown): value is FollowUpAnswer =>
  typeof value === 'string' && (followUpAnswers as readonly string[]).includes(value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const token = query.get('token') ?? '';
  const chosen = query.get('answer');
  const current = token ? await context.services.consultation.desk.checkFollowUpToken(token) : null;
  return {
    token,
    valid: current !== null,
    caseId: current?.caseId ?? null,
    // The answer clicked in the mail, else the one given before.
    answer: isAnswer(chosen) ? chosen : (current?.answer ?? null),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { answer } = await context.services.consultation.desk.answerFollowUp({
      token: String(form.get('token') ?? ''),
      answer: String(form.get('answer') ?? ''),
    });
    return { done: `已收到您的回答：「${followUpAnswerLabels[answer]}」。謝謝您！`, error: null };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { done: null, error: error.message };
  }
}

// The address carries a personal token: never kept by a cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, { title: '諮詢回覆追蹤' }),
  { name: 'robots', content: 'noindex' },
];

/** The one-question follow-up, eight days after the reply: the mail's link chooses, this page confirms. */
export default function FollowUpRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { token, valid, caseId, answer } = loaderData;
  return (
    <div className="container follow-up-page">
      <h1 className="page-title">諮詢回覆追蹤</h1>
      {actionData?.done ? (
        <>
          <p role="status">{actionData.done}</p>
          <p>
            <Link to="/" className="button">
              回到首頁
            </Link>
          </p>
        </>
      ) : valid ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <fieldset>
            <legend>
              <strong>
                案件編號 {caseId}：{followUpQuestion}
              </strong>
            </legend>
            {followUpAnswers.map((value) => (
              <label key={value}>
                <input type="radio" name="answer" value={value} defaultChecked={answer === value} required />
                {followUpAnswerLabels[value]}
              </label>
            ))}
          </fieldset>
          {actionData?.error ? (
            <p role="alert" className="form-error">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            確認送出
          </button>
        </Form>
      ) : (
        <p role="alert">此連結已失效，請使用最新一封追蹤信中的連結。</p>
      )}
    </div>
  );
}
