import { pageMeta } from '../kernel/page-meta';
import { SavedCropsList } from '../saved-crops';
import { Breadcrumb } from '../ui/breadcrumb';
import type { Route } from './+types/offline-route';
import './offline.css';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '離線閱讀',
    description: '這支手機上儲存、沒有網路時也能打開的頁面。',
    path: '/offline',
  });

/**
 * 離線閱讀 (decision 0386): the page the service worker saves when it is installed and answers in
 * place of a page never saved, with the list of saved pages in its slot (offline-rules.ts). The
 * slot is React's empty inner HTML, which hydration leaves as the worker filled it.
 */
export default function OfflineRoute() {
  return (
    <>
      <Breadcrumb items={[{ title: '離線閱讀' }]} />
      <div className="container offline-page">
        <h1>離線閱讀</h1>
        <p>
          用手機看過的病蟲害資料、農藥查詢、IPM 手冊（含 PDF）、閱覽室文章與診斷步驟，會自動儲存在這支手機上；
          沒有網路時仍可打開，頁面上方會標示「離線」與儲存的日期。會員專區、購物車等個人頁面不會儲存，登出時會清除已儲存的頁面。
        </p>
        <SavedCropsList />
        <div id="saved-pages" dangerouslySetInnerHTML={{ __html: '' }} />
        <noscript>
          <p>已儲存頁面與作物的清單需要瀏覽器支援離線功能（Service Worker）與 JavaScript。</p>
        </noscript>
      </div>
    </>
  );
}
