import { isRouteErrorResponse, Link } from 'react-router';
import { malformedAddressMessage } from '../kernel/page-meta';
import { Breadcrumb } from './breadcrumb';

export interface DetailErrorPageProps {
  /** What the route's ErrorBoundary received. */
  error: unknown;
  /** The list the page belongs to: the breadcrumb's parent and the way back. */
  list: { title: string; href: string; backLabel?: string };
  /** The notice for a missing record (a 404 from the loader). */
  missingMessage: string;
  missingTitle?: string;
  /** The apology for any other failure. */
  failureMessage?: string;
  /** The breadcrumb's last step, when the page has a name of its own. */
  crumb?: string;
}

/**
 * The error page of a detail route: for an unknown id a 404 page with the way back to its list,
 * for anything else a short apology with the same way back, never a bare error.
 */
export function DetailErrorPage({
  error,
  list,
  missingMessage,
  missingTitle = '找不到這筆資料',
  failureMessage = '很抱歉，系統暫時無法顯示這個頁面，請稍後再試。',
  crumb,
}: DetailErrorPageProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A malformed address (a bad id, a control character in the query) is the visitor's to fix.
  const malformedMessage = malformedAddressMessage(error);
  const malformed = malformedMessage !== null;
  return (
    <>
      <Breadcrumb
        items={[
          { title: list.title, link: list.href },
          { title: crumb ?? (missing ? '找不到資料' : malformed ? '網址有誤' : '發生錯誤') },
        ]}
      />
      <div className="container error-page">
        <h1 className="page-title">{missing ? missingTitle : malformed ? '網址有誤' : '頁面發生錯誤'}</h1>
        <p>{missing ? missingMessage : malformed ? malformedMessage : failureMessage}</p>
        <p className="error-page__actions">
          <Link to={list.href} className="button button--primary">
            回{list.backLabel ?? list.title}
          </Link>
          <Link to="/" className="button">
            回到首頁
          </Link>
        </p>
      </div>
    </>
  );
}
