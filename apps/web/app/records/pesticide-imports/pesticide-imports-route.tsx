import {
  pesticideImportDoneMessages,
  pesticideImportModeLabels,
  pesticideImportRow,
  pesticideImportsKept,
  pesticideImportStatusLabels,
  type PesticideImportRow,
} from '@pest/contracts';
import { Link, useSearchParams } from 'react-router';
import { AdminErrorPage, adminCall } from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import { formatCalendarDate, formatDateTime } from '../../ui/format-date-time';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/pesticide-imports-route';
import { importsPath, importsResource } from './pesticide-import-admin';
import './pesticide-imports.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const [resource, page] = await adminCall(request, () =>
    Promise.all([context.admin.allow(importsResource, 'list'), context.admin.list(importsResource, query)]),
  );
  const { records } = context.services;
  const [source, rows] = await Promise.all([records.getPesticideSource(), records.countPesticideUses()]);
  return { resource, page: { ...page, rows: pesticideImportRow.array().parse(page.rows) }, source, rows };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, { title: '農藥登記資料匯入 - 管理' });

/** What a row's status says, with the current data marked. */
export function ImportStatus({ row }: { row: Pick<PesticideImportRow, 'status' | 'current'> }) {
  return (
    <>
      {pesticideImportStatusLabels[row.status]}
      {row.current ? <span className="admin-badge pesticide-imports__current">目前資料</span> : null}
    </>
  );
}

/**
 * The pesticide data on the site and the history of its imports, newest first: the way to a new
 * import, to each preview or import, and to the confirmation before rolling the current one back.
 */
export default function PesticideImportsRoute({ loaderData }: Route.ComponentProps) {
  const { resource, page, source, rows } = loaderData;
  const [search] = useSearchParams();
  const doneKey = search.get('done') ?? '';
  const done =
    doneKey in pesticideImportDoneMessages
      ? pesticideImportDoneMessages[doneKey as keyof typeof pesticideImportDoneMessages]
      : '';
  const imports = page.rows;
  const canWrite = resource.actions.includes('apply');
  return (
    <div className="pesticide-imports">
      <div className="admin-heading">
        <h1 className="page-title">{resource.label}</h1>
        {canWrite ? (
          <Link to={`${importsPath}/new`} className="button button--primary">
            匯入新檔案
          </Link>
        ) : null}
      </div>
      <p className="admin-description">{resource.description}</p>
      <p role="status" className="admin-done">
        {done}
      </p>

      <section aria-labelledby="pesticide-current" className="pesticide-imports__section">
        <h2 id="pesticide-current">目前網站上的資料</h2>
        {source.source ? (
          <dl className="admin-detail">
            <div className="admin-detail__item">
              <dt>資料來源</dt>
              <dd>{source.source}</dd>
            </div>
            <div className="admin-detail__item">
              <dt>資料日期</dt>
              <dd>{formatCalendarDate(source.snapshotDate) || '未填'}</dd>
            </div>
            <div className="admin-detail__item">
              <dt>筆數</dt>
              <dd>{`${rows.toLocaleString('zh-TW')} 筆`}</dd>
            </div>
            <div className="admin-detail__item">
              <dt>匯入時間</dt>
              <dd>{formatDateTime(source.importedAt)}</dd>
            </div>
          </dl>
        ) : (
          <p>尚未匯入農藥登記資料。</p>
        )}
        {source.sample ? (
          <p className="pesticide-imports__note" role="note">
            目前是示範用的部分樣本（2022/07/01 的四種作物），不是完整或最新的登記資料。請匯入農藥資訊服務網公布的完整
            CSV。
          </p>
        ) : null}
      </section>

      <section aria-labelledby="pesticide-history" className="pesticide-imports__section">
        <h2 id="pesticide-history">匯入紀錄</h2>
        <p className="field-description">
          最近 {pesticideImportsKept} 次套用的匯入會保留被取代的資料，可以從最新的一次開始依序還原。未套用的預覽 24
          小時後自動取消。
        </p>
        <p className="admin-count">共 {page.total} 筆</p>
        {imports.length === 0 ? (
          <p>目前沒有匯入紀錄。</p>
        ) : (
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="匯入紀錄列表">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">編號</th>
                  <th scope="col">狀態</th>
                  <th scope="col">資料日期</th>
                  <th scope="col">檔名</th>
                  <th scope="col">新增／變更／移除</th>
                  <th scope="col">無法匯入</th>
                  <th scope="col">上傳</th>
                  <th scope="col">
                    <span className="visually-hidden">操作</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {imports.map((row) => (
                  <tr key={row.id}>
                    <td data-label="編號">{row.id}</td>
                    <td data-label="狀態">
                      <ImportStatus row={row} />
                    </td>
                    <td data-label="資料日期" className="pesticide-imports__date">
                      {formatCalendarDate(row.snapshot_date) || '—'}
                    </td>
                    <td data-label="檔名">
                      {row.file_name}
                      <span className="pesticide-imports__mode">（{pesticideImportModeLabels[row.mode]}）</span>
                    </td>
                    <td data-label="新增／變更／移除">
                      {row.added}／{row.changed}／{row.removed}
                    </td>
                    <td data-label="無法匯入">{row.rejected}</td>
                    <td data-label="上傳">
                      {row.created_by || '—'}
                      <br />
                      {formatDateTime(row.created_at)}
                    </td>
                    <td>
                      <div className="admin-table__actions">
                        <Link to={`${importsPath}/${row.id}`}>
                          {row.status === 'pending' ? '檢視預覽' : '檢視'}
                          <span className="visually-hidden">{row.title}</span>
                        </Link>
                        {canWrite && row.can_roll_back ? (
                          <Link to={`${importsPath}/${row.id}/rollback`}>
                            還原<span className="visually-hidden">{row.title}</span>
                          </Link>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          dataLen={page.total}
          page={page.page}
          pageSize={page.pageSize}
          hrefForPage={(number) => (number === 1 ? importsPath : `${importsPath}?page=${number}`)}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
