import { isRouteErrorResponse, Link } from 'react-router';
import { Breadcrumb } from '../ui/breadcrumb';

/**
 * The error page of a reading-room detail route: for an unknown id a 404 page with the way back
 * to its list, for anything else a short apology with the same way back.
 */
export function ReadingRoomError({
  error,
  list,
  missingMessage,
}: {
  error: unknown;
  list: { title: string; href: string };
  missingMessage: string;
}) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <Breadcrumb items={[{ title: list.title, link: list.href }, { title: missing ? '找不到資料' : '發生錯誤' }]} />
      <div className="container rr-page rr-missing">
        <h1 className="rr-page__title">{missing ? '找不到這筆資料' : '頁面發生錯誤'}</h1>
        <p>{missing ? missingMessage : '很抱歉，系統暫時無法顯示這個頁面，請稍後再試。'}</p>
        <p className="rr-missing__actions">
          <Link to={list.href} className="button button--primary">
            回{list.title}
          </Link>
          <Link to="/" className="button">
            回到首頁
          </Link>
        </p>
      </div>
    </>
  );
}
