import { escapeHtml, pesticideUsePageSize, recordTypes } from '@pest/contracts';
import { Form, isRouteErrorResponse, Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DetailErrorPage } from '../ui/detail-error-page';
import { NoData } from '../ui/no-data';
import type { Route } from './+types/pesticide-route';
import { formatCalendarDate, formatDateTime, isoDateTime } from '../ui/format-date-time';
import { LinkTabs } from '../ui/link-tabs';
import { PrintButton } from '../ui/print-button';
import { badRequest, notFound } from '../ui/not-found';
import { PesticideEntryRow } from './pesticide-entry-row';
import { Pagination } from '../ui/pagination';
import { differingFields, parsePesticideName, selectPlant } from './pesticide-query';
import { cropPesticideHref, pesticideLookupHref } from './record-tabs';
import { searchHref } from './search-query';
import './records.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const name = parsePesticideName(params.get('name'));
  if (!name) throw notFound('請從病害或害蟲資料頁進入推薦用藥查詢。');
  if (name === 'invalid') throw badRequest('網址中的病蟲名稱有誤，請從病害或害蟲資料頁進入推薦用藥查詢。');
  const { records } = context.services;
  const [plants, source] = await Promise.all([records.listPesticidePlants(name), records.getPesticideSource()]);
  // A crop asked by a synonym (芒果) selects the data's name for it (檬果, decision 0360).
  const requested = params.get('plant');
  const crop = requested && !plants.includes(requested) ? await records.resolveCrop(requested) : null;
  const plant = selectPlant(plants, crop?.names.find((each) => plants.includes(each)) ?? requested);
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(params.get('page'))) || 1));
  // One page of the crop's uses: a pest on a crop may hold thousands (decision 0432).
  const uses = plant ? await records.listPesticideUsePage({ name, plant, moa: params.get('moa'), page }) : null;
  return {
    name,
    plants,
    plant,
    moaGroups: uses?.moaGroups ?? [],
    moa: uses?.moa ?? null,
    total: uses?.total ?? 0,
    matched: uses?.matched ?? 0,
    page: uses?.page ?? 1,
    pageSize: uses?.pageSize ?? pesticideUsePageSize,
    entries: uses?.entries ?? [],
    // What tells a row from the same product's rows on the page (decision 0362).
    differences: differingFields(uses?.entries ?? []),
    source,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data ? `${data.name}推薦用藥${data.plant ? `（${data.plant}）` : ''}` : '推薦用藥查詢',
    description: data
      ? `${data.name}在${data.plants.join('、') || '各作物'}的登記用藥：稀釋倍數、安全採收期、施藥方法與注意事項。實際用藥請以農藥標示為準。`
      : '依病蟲名稱與作物查詢登記用藥。',
    ...(data ? { path: pesticideLookupHref(data.name) } : {}),
  });

/** The mode-of-action filter: a GET form, so it works without JavaScript and the address keeps it. */
function MoaFilter({
  name,
  plant,
  groups,
  selected,
}: {
  name: string;
  plant: string;
  groups: string[];
  selected: string | null;
}) {
  if (groups.length === 0) return null;
  return (
    <Form method="get" className="pesticide-filter" role="search" aria-label="篩選登記用藥">
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="plant" value={plant} />
      <label className="pesticide-filter__field">
        <span>作用機制群組</span>
        <select name="moa" className="field-control" defaultValue={selected ?? ''} key={`${plant}-${selected ?? ''}`}>
          <option value="">全部</option>
          {groups.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        篩選
      </button>
    </Form>
  );
}

export default function PesticideRoute({ loaderData }: Route.ComponentProps) {
  const { name, plants, plant, moaGroups, moa, total, matched, page, pageSize, entries, differences, source } =
    loaderData;
  const tabs = plants.map((item) => ({ key: item, label: item, href: pesticideLookupHref(name, item) }));
  const snapshot = formatCalendarDate(source.snapshotDate);

  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害查詢', link: '/search/bug' }, { title: `${name}推薦用藥` }]} />
      <div className="container pesticide-page">
        <header className="pesticide-page__header">
          <h1 className="pesticide-page__title">{name}推薦用藥</h1>
          <p className="pesticide-page__label-notice" role="note">
            <strong>實際用藥請以農藥標示為準。</strong>
            本頁整理政府公開的農藥登記使用範圍供參考，施藥前請詳閱產品標示並遵守安全採收期。
          </p>
          {source.sample ? (
            <p className="pesticide-page__sample-notice" role="note">
              <strong>
                資料來源：{source.source}
                {snapshot ? `，${snapshot}` : ''} 部分資料。
              </strong>
              目前僅為示範用的部分樣本（少數作物），並非完整或最新的登記資料，請勿作為用藥依據；請至農藥資訊服務網查詢最新登記資料。
            </p>
          ) : null}
          <div className="record-detail__actions">
            <Link to={searchHref({ term: name, types: [...recordTypes], view: 'list', page: 1 })} className="button">
              <span aria-hidden="true">‹</span> 查詢「{name}」的病蟲害資料
            </Link>
            <PrintButton label="列印比較表" />
          </div>
        </header>

        {plant ? (
          <LinkTabs label="作物" tabs={tabs} selectedKey={plant} idPrefix="plant">
            <h2 className="pesticide-page__plant">
              {plant}：{name}
            </h2>
            <MoaFilter name={name} plant={plant} groups={moaGroups} selected={moa} />
            <p className="pesticide-page__count">
              {moa ? `作用機制 ${moa}：${matched} 筆（共 ${total} 筆登記用藥）` : `共 ${total} 筆登記用藥`}
              {matched > pageSize ? `，第 ${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, matched)} 筆` : ''}
              ，點選品項看全部欄位
            </p>
            <p className="pesticide-page__crop-link">
              <Link to={cropPesticideHref(plant)}>{plant}的全部登記用藥（依病蟲害分類）</Link>
            </p>
            {entries.length > 0 ? (
              <>
                <ul className="pesticide-entries">
                  {entries.map((entry, index) => (
                    <PesticideEntryRow
                      key={`${page}-${index}`}
                      entry={entry}
                      id={String((page - 1) * pageSize + index)}
                      differences={differences[index] ?? []}
                    />
                  ))}
                </ul>
                <Pagination
                  dataLen={matched}
                  page={page}
                  pageSize={pageSize}
                  hrefForPage={(target) => pesticideLookupHref(name, plant, { moa, page: target })}
                />
              </>
            ) : (
              <NoData />
            )}
          </LinkTabs>
        ) : (
          <NoData message={escapeHtml(`目前沒有「${name}」的登記用藥資料`)} />
        )}

        <footer className="pesticide-page__source">
          <p>
            資料來源：{source.source || '尚未匯入農藥登記資料'}
            {snapshot ? `（資料日期 ${snapshot}）` : ''}
          </p>
          {source.importedAt ? (
            <p>
              匯入時間：<time dateTime={isoDateTime(source.importedAt)}>{formatDateTime(source.importedAt)}</time>
            </p>
          ) : null}
          <p className="pesticide-page__open-data">
            <Link to="/open-data">下載全部農藥登記資料（開放資料）</Link>
          </p>
        </footer>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String(error.data.message)
      : '';
  return (
    <DetailErrorPage
      error={error}
      list={{ title: '病蟲害查詢', href: '/search/bug', backLabel: '病蟲害查詢列表' }}
      crumb="推薦用藥查詢"
      missingTitle="找不到推薦用藥資料"
      missingMessage={message}
      failureMessage="很抱歉，系統暫時無法顯示推薦用藥，請稍後再試。"
    />
  );
}
