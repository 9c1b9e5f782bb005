import {
  pesticideChangeKindLabels,
  pesticideChangeKinds,
  pesticideImportDetailQuery,
  pesticideImportDoneMessages,
  pesticideImportModeLabels,
  type PesticideChangeKind,
  type PesticideImportRow,
} from '@pest/contracts';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { AdminErrorPage, adminCall, adminFileUrl, isServiceError } from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import { formatCalendarDate, formatDateTime } from '../../ui/format-date-time';
import { LinkTabs } from '../../ui/link-tabs';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/pesticide-import-route';
import { PesticideChangeTables } from './pesticide-change-tables';
import { importId, importsPath, importsResource } from './pesticide-import-admin';
import { ImportStatus } from './pesticide-imports-route';
import './pesticide-imports.css';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The staff and role check first: a member learns nothing, not even whether the import exists.
  const resource = await adminCall(request, () => context.admin.allow(importsResource, 'get'));
  const id = importId(params.id);
  const url = new URL(request.url);
  const query = pesticideImportDetailQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw data({ message: query.error.issues[0]?.message ?? '網址有誤' }, { status: 400 });
  const detail = await context.services.records.getPesticideImport(id, query.data);
  if (!detail) throw data({ message: '找不到這次匯入' }, { status: 404 });
  return { resource, detail };
}

const intents = ['apply', 'cancel'] as const;

/** Apply or cancel (POST forms): through the admin gateway, which checks the role; then back here, or to the history. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = importId(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (!(intents as readonly string[]).includes(intent)) throw data({ message: '不明的操作' }, { status: 400 });
  try {
    await context.admin.act(importsResource, id, intent);
  } catch (error) {
    // Refused for this import (stale, cancelled): said on the page, beside the buttons.
    if (isServiceError(error) && error.statusCode === 409) return { error: error.message };
    return adminCall(request, () => Promise.reject(error));
  }
  return redirect(intent === 'cancel' ? `${importsPath}?done=cancel` : `${importsPath}/${id}?done=${intent}`, 303);
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: loaded ? `${loaded.detail.import.title} - 農藥登記資料匯入` : '農藥登記資料匯入',
  });

/** The share of the rows on the site a removal takes, when it is large enough to ask whether the file is whole. */
function largeRemoval(removed: number, currentRows: number): number | null {
  if (currentRows === 0 || removed < 10) return null;
  const share = removed / currentRows;
  return share >= 0.2 ? Math.round(share * 100) : null;
}

/** How often the screen asks again while the preview is made (with JavaScript; without, the 查看進度 link). */
const progressPollMs = 1000;

/**
 * While the preview is made in the background (decision 0350): how far the job has read, asked
 * again every second with JavaScript — the page then shows the preview in place — or by the link
 * without it. No meta refresh: reloading a page on a timer fails WCAG 2.2.1 (technique F41).
 */
function PreviewProgress({ row, here }: { row: PesticideImportRow; here: string }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, progressPollMs);
    return () => clearInterval(timer);
  }, [revalidator]);
  const total = row.total_bytes ?? 0;
  const percent = total > 0 ? Math.min(100, Math.floor((row.bytes_read / total) * 100)) : 0;
  const allRead = total > 0 && row.bytes_read >= total;
  return (
    <section aria-labelledby="import-progress" className="pesticide-imports__section">
      <h2 id="import-progress">產生預覽的進度</h2>
      <p>
        系統正在背景讀取檔案，並與網站上的資料比對；完成後這裡會顯示預覽。大型檔案約需一分鐘，可以先離開這一頁，稍後從匯入紀錄回來。
      </p>
      <progress
        className="pesticide-import__progress"
        max={total > 0 ? total : 1}
        value={total > 0 ? Math.min(row.bytes_read, total) : 0}
        aria-labelledby="import-progress-text"
      />
      <p id="import-progress-text">
        {allRead
          ? `已讀取全部 ${row.rows_read.toLocaleString('zh-TW')} 列，正在與網站上的資料比對…`
          : `已讀取 ${row.rows_read.toLocaleString('zh-TW')} 列（約 ${percent}%）`}
      </p>
      <p>
        <Link to={here} className="button">
          查看最新進度
        </Link>
      </p>
    </section>
  );
}

/**
 * One import: while it is made, its progress (PreviewProgress); when it could not be read, why;
 * while it is a preview, what applying it would change (counts, then the rows of each
 * kind, page by page) and the apply and cancel buttons; once applied, what it changed and the way
 * to roll it back. Every control is a link or a POST form: it works without JavaScript.
 */
export default function PesticideImportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, detail } = loaderData;
  const row = detail.import;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [search] = useSearchParams();
  const doneKey = search.get('done') ?? '';
  const done =
    doneKey in pesticideImportDoneMessages
      ? pesticideImportDoneMessages[doneKey as keyof typeof pesticideImportDoneMessages]
      : '';
  const canWrite = resource.actions.includes('apply');
  const pending = row.status === 'pending';
  const reading = row.status === 'reading';
  const failed = row.status === 'failed';
  const here = `${importsPath}/${row.id}`;
  const kindHref = (kind: PesticideChangeKind, page = 1) => `${here}?kind=${kind}${page > 1 ? `&page=${page}` : ''}`;
  const removalShare = pending ? largeRemoval(row.removed, detail.currentRows) : null;
  const refusal = actionData?.error ?? (pending ? detail.notApplicableReason : null);

  return (
    <article className="pesticide-import">
      <p className="admin-back">
        <Link to={importsPath}>回匯入紀錄</Link>
      </p>
      <h1 className="page-title">
        {pending ? '預覽：' : reading ? '預覽中…：' : failed ? '無法預覽：' : ''}
        {row.title}
      </h1>
      <p role="status" className="admin-done">
        {reading || failed ? '' : done}
      </p>
      {failed ? (
        <p className="form-error" role="alert">
          {row.error ?? '這個檔案無法預覽。'} <Link to={`${importsPath}/new`}>重新上傳檔案</Link>
        </p>
      ) : null}
      {(reading || failed) && actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {reading ? <PreviewProgress row={row} here={here} /> : null}

      <dl className="admin-detail">
        <div className="admin-detail__item">
          <dt>狀態</dt>
          <dd>
            <ImportStatus row={row} />
          </dd>
        </div>
        <div className="admin-detail__item">
          <dt>資料日期</dt>
          <dd>{formatCalendarDate(row.snapshot_date) || '未填'}</dd>
        </div>
        <div className="admin-detail__item">
          <dt>資料來源</dt>
          <dd>{row.source}</dd>
        </div>
        <div className="admin-detail__item">
          <dt>方式</dt>
          <dd>{pesticideImportModeLabels[row.mode]}</dd>
        </div>
        <div className="admin-detail__item">
          <dt>檔案</dt>
          <dd>
            {row.file ? (
              <a href={adminFileUrl(row.file)} download={row.file_name}>
                {`下載原始檔案「${row.file_name}」`}
              </a>
            ) : (
              `${row.file_name}（沒有保存原始檔案）`
            )}
          </dd>
        </div>
        <div className="admin-detail__item">
          <dt>上傳</dt>
          <dd>
            {row.created_by || '—'}，{formatDateTime(row.created_at)}
          </dd>
        </div>
        {row.imported_at ? (
          <div className="admin-detail__item">
            <dt>套用時間</dt>
            <dd>{formatDateTime(row.imported_at)}</dd>
          </div>
        ) : null}
        {row.rolled_back_at ? (
          <div className="admin-detail__item">
            <dt>還原</dt>
            <dd>
              {row.rolled_back_by ?? ''}，{formatDateTime(row.rolled_back_at)}
            </dd>
          </div>
        ) : null}
      </dl>

      {reading && canWrite ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="button" disabled={busy}>
            取消預覽
          </button>
        </Form>
      ) : null}

      {reading || failed ? null : (
        <section aria-labelledby="import-summary" className="pesticide-imports__section">
          <h2 id="import-summary">{pending ? '套用後的變更' : '這次匯入的變更'}</h2>
          <ul className="pesticide-import__counts">
            {pesticideChangeKinds.map((kind) => (
              <li key={kind} className={`pesticide-import__count pesticide-import__count--${kind}`}>
                <span className="pesticide-import__count-label">{pesticideChangeKindLabels[kind]}</span>
                <span className="pesticide-import__count-value">{`${detail.counts[kind].toLocaleString('zh-TW')} 筆`}</span>
              </li>
            ))}
            <li className="pesticide-import__count">
              <span className="pesticide-import__count-label">與目前相同</span>
              <span className="pesticide-import__count-value">{`${row.unchanged.toLocaleString('zh-TW')} 筆`}</span>
            </li>
          </ul>
          {pending ? (
            <p>
              目前網站上有 {detail.currentRows.toLocaleString('zh-TW')} 筆；套用後為{' '}
              {(detail.currentRows + row.added - row.removed).toLocaleString('zh-TW')} 筆。
              <strong>套用前網站上的資料不會改變。</strong>
              {row.rejected > 0 ? '無法匯入的資料列不會匯入，請修正檔案後重新上傳，或略過它們。' : ''}
            </p>
          ) : null}
          {removalShare !== null ? (
            <p className="pesticide-import__warning" role="note">
              注意：套用後將移除目前 {removalShare}% 的資料。請確認這是農藥資訊服務網公布的完整檔案，而不是部分資料。
            </p>
          ) : null}
        </section>
      )}

      {pending && canWrite ? (
        <section aria-labelledby="import-decide" className="pesticide-imports__section">
          <h2 id="import-decide">套用或取消</h2>
          {refusal ? (
            <p className="form-error" role="alert">
              {refusal}
              {!detail.applicable ? (
                <>
                  {' '}
                  <Link to={`${importsPath}/new`}>重新上傳檔案</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <div className="admin-form__actions">
            {detail.applicable ? (
              <Form method="post">
                <input type="hidden" name="intent" value="apply" />
                <button type="submit" className="button button--primary" disabled={busy}>
                  套用這份資料
                </button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button" disabled={busy}>
                取消預覽
              </button>
            </Form>
          </div>
        </section>
      ) : null}

      {canWrite && row.can_roll_back ? (
        <p>
          <Link to={`${here}/rollback`} className="button">
            還原這次匯入…
          </Link>
        </p>
      ) : null}

      {reading || failed ? null : (
        <section aria-labelledby="import-changes" className="pesticide-imports__section">
          <h2 id="import-changes">變更明細</h2>
          {!detail.changesKept ? (
            <p>這次匯入的變更明細已不再保存（已取消，或早於最近 5 次套用的匯入）。</p>
          ) : (
            <LinkTabs
              label="變更種類"
              idPrefix="import-changes"
              selectedKey={detail.kind}
              tabs={pesticideChangeKinds.map((kind) => ({
                key: kind,
                label: `${pesticideChangeKindLabels[kind]}（${detail.counts[kind]}）`,
                href: kindHref(kind),
              }))}
            >
              <p className="admin-count">
                {pesticideChangeKindLabels[detail.kind]}：共 {detail.total} 筆
                {detail.total > detail.pageSize
                  ? `，第 ${(detail.page - 1) * detail.pageSize + 1}–${Math.min(detail.page * detail.pageSize, detail.total)} 筆`
                  : ''}
              </p>
              <PesticideChangeTables
                changes={detail.changes}
                caption={`${pesticideChangeKindLabels[detail.kind]}的資料列`}
              />
              <Pagination
                dataLen={detail.total}
                page={detail.page}
                pageSize={detail.pageSize}
                hrefForPage={(page) => kindHref(detail.kind, page)}
              />
            </LinkTabs>
          )}
        </section>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
