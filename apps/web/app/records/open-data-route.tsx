import {
  openDataDescriptions,
  openDataPath,
  pesticideSampleNotice,
  pesticideUseNotice,
  type OpenDataDataset,
} from '@pest/contracts';
import { appUrl } from '../kernel/file-url';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { formatCalendarDate, formatDateTime } from '../ui/format-date-time';
import type { Route } from './+types/open-data-route';
import './records.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { records } = context.services;
  const [recordCount, source, pesticideRows] = await Promise.all([
    records.countRecords(),
    records.getPesticideSource(),
    records.countPesticideUses(),
  ]);
  return { recordCount, source, pesticideRows };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '開放資料',
    description: '下載本站的病蟲害資料與農藥登記使用範圍（JSON、CSV），附資料來源與資料日期。',
    path: '/open-data',
  });

function Downloads({ dataset }: { dataset: OpenDataDataset }) {
  const { title } = openDataDescriptions[dataset];
  return (
    <ul className="open-data__downloads">
      <li>
        <a href={appUrl(openDataPath(dataset, 'csv'))} download>
          下載 CSV<span className="visually-hidden">：{title}</span>
        </a>
        <span className="open-data__format">（UTF-8，可用 Excel 開啟）</span>
      </li>
      <li>
        <a href={appUrl(openDataPath(dataset, 'json'))}>
          JSON<span className="visually-hidden">：{title}</span>
        </a>
        <span className="open-data__format">（程式使用）</span>
      </li>
    </ul>
  );
}

/**
 * The open data (decision 0236): what can be downloaded, in which formats, from
 * which source and as of when; the public finds it from the home page's footer and the pesticide
 * page. The files themselves are the /api/v1/open-data exports.
 */
export default function OpenDataRoute({ loaderData }: Route.ComponentProps) {
  const { recordCount, source, pesticideRows } = loaderData;
  const snapshot = formatCalendarDate(source.snapshotDate);
  return (
    <>
      <Breadcrumb items={[{ title: '開放資料' }]} />
      <div className="container open-data">
        <h1 className="page-title">開放資料</h1>
        <p>
          本站公開的資料可以自由下載、再利用，內容與網站上顯示的相同，隨網站更新。CSV 為 UTF-8 編碼（含 BOM），可直接用
          Excel 開啟；JSON 適合程式使用。欄位說明列在
          <a href={appUrl('/api/openapi.json')}>API 文件（OpenAPI）</a>
          中。使用時請註明資料來源。
        </p>

        <section aria-labelledby="open-data-records" className="open-data__dataset">
          <h2 id="open-data-records">{openDataDescriptions.records.title}</h2>
          <p>{openDataDescriptions.records.description}</p>
          <p>目前共 {recordCount.toLocaleString('zh-TW')} 筆。</p>
          <p className="open-data__notice" role="note">
            標示為示範資料（欄位「示範資料」為「是」）的紀錄是網站團隊撰寫的示範內容，不是研究單位的正式資料。
          </p>
          <Downloads dataset="records" />
        </section>

        <section aria-labelledby="open-data-pesticides" className="open-data__dataset">
          <h2 id="open-data-pesticides">{openDataDescriptions['pesticide-uses'].title}</h2>
          <p>{openDataDescriptions['pesticide-uses'].description}</p>
          {source.source ? (
            <dl className="open-data__source">
              <div>
                <dt>資料來源</dt>
                <dd>{source.source}</dd>
              </div>
              <div>
                <dt>資料日期</dt>
                <dd>{snapshot || '未填'}</dd>
              </div>
              <div>
                <dt>筆數</dt>
                <dd>{`${pesticideRows.toLocaleString('zh-TW')} 筆`}</dd>
              </div>
              {source.importedAt ? (
                <div>
                  <dt>匯入時間</dt>
                  <dd>{formatDateTime(source.importedAt)}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p>尚未匯入農藥登記資料。</p>
          )}
          <p className="open-data__notice" role="note">
            {source.sample ? pesticideSampleNotice : null}
            {pesticideUseNotice}
          </p>
          <Downloads dataset="pesticide-uses" />
        </section>
      </div>
    </>
  );
}
