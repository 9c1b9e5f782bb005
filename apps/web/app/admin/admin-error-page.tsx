import { isRouteErrorResponse, Link } from 'react-router';

const titles: Record<number, string> = {
  400: '資料有誤',
  403: '沒有權限',
  404: '找不到資料',
  405: '無法執行這項操作',
};

/** What a refused or failed admin screen shows: the reason in Chinese and a way on. */
export function AdminErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String(error.data.message)
      : '很抱歉，系統暫時無法顯示這個頁面，請稍後再試。';
  return (
    <div className="container admin-error" role="alert">
      <h1 className="page-title">{titles[status] ?? '頁面發生錯誤'}</h1>
      <p>{status === 403 ? `${message}。管理區只開放給工作人員（專家、編輯、管理者）。` : message}</p>
      <p className="error-page__actions">
        {status === 403 ? null : (
          <Link to="/admin" className="button button--primary">
            回管理首頁
          </Link>
        )}
        <Link to="/" className="button">
          回到首頁
        </Link>
      </p>
    </div>
  );
}
