import { Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/feedback-route';
import { FeedbackForm } from './feedback-form';
import './contact.css';

/** The page the feedback came from (`?from=/search/bug`): a path of this site, or nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get('from');
  return { from: from && /^\/[^/\\]/.test(from) && from.length <= 300 ? from : null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '意見回饋',
    description: '告訴我們網站哪裡好用、哪裡可以更好。',
    path: '/feedback',
  });

/** 意見回饋: the header's feedback link unless an outside form is configured. */
export default function FeedbackRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container contact-page__body feedback-page">
      <section aria-labelledby="feedback-heading">
        <h1 id="feedback-heading" className="page-title">
          意見回饋
        </h1>
        <p className="contact-page__intro">
          網站哪裡好用、哪裡找不到資料、哪裡可以更好，都歡迎告訴我們。需要回覆時請留下電子郵件；其他問題請用「
          <Link to="/contact">聯絡我們</Link>」。
        </p>
        <FeedbackForm from={loaderData.from} />
      </section>
    </div>
  );
}
