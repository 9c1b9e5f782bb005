import { cropPesticidePageSize, escapeHtml, pesticideCropCall } from '@pest/contracts';
import { Form, Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { SaveCrop } from '../saved-crops';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import { ActiveAlerts } from '../alerts';
import type { Route } from './+types/crop-pesticide-route';
import { PesticideEntryLine } from './pesticide-entry-row';
import { differingFields } from './pesticide-query';
import { cropPesticideHref, pesticideLookupHref } from './record-tabs';
import './records.css';

/** Uses shown under each pest on the crop page; the rest are on the pest's own page. */
const usesShownPerPest = 12;

/**
 * The crop-first lookup (decision 0363): pick a crop, see every registered use on it grouped by
 * pest or disease, ten groups a page. A plain GET form and links, so it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { records } = context.services;
  const parsed = pesticideCropCall.body.safeParse({
    plant: params.get('plant') ?? '',
    page: params.get('page') ?? undefined,
  });
  const [crops, source] = await Promise.all([records.listPesticideCrops(), records.getPesticideSource()]);
  const asked = (params.get('plant') ?? '').trim();
  if (!parsed.success) {
    return {
      crops,
      source,
      asked,
      error: asked === '' ? null : '作物名稱有誤，請重新輸入或從清單選擇。',
      result: null,
      alerts: [],
    };
  }
  const [found, activeAlerts] = await Promise.all([
    records.listCropPesticideGroups(parsed.data.plant, parsed.data.page, { usesPerPest: usesShownPerPest }),
    context.services.alerts.listActiveAlerts(),
  ]);
  // One line a use (the key fields and what differs from the same product's other rows shown), the
  // first uses of each pest: a page of a crop with thousands of uses stays light on a phone, and only
  // those are read; the pest's own page, one tap away, has every use with every field (decision 0363).
  const result = {
    ...found,
    items: found.items.map(({ entries, ...group }) => {
      const differences = differingFields(entries);
      return {
        ...group,
        rows: entries.map((entry, index) => ({
          cname: entry.cname,
          use_r: entry.use_r,
          safe: entry.safe,
          usecount: entry.usecount,
          differences: differences[index] ?? [],
        })),
      };
    }),
  };
  // The crop's active pest alerts (decision 0402); the page's cache entry carries the alerts' tag.
  const alerts = activeAlerts.filter((alert) => alert.crop === found.crop);
  return { crops, source, asked, error: null, result, alerts };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.result ? `${data.result.crop}的登記用藥（依病蟲害）` : '依作物查詢登記用藥',
    description: data?.result
      ? `${data.result.crop}的全部登記用藥，依病蟲害分類：稀釋倍數、安全採收期與同名藥劑的差異。實際用藥請以農藥標示為準。`
      : '選擇作物，依病蟲害列出全部登記用藥。',
    path: cropPesticideHref(data?.result?.crop),
  });

export default function CropPesticideRoute({ loaderData }: Route.ComponentProps) {
  const { crops, asked, error, result, alerts } = loaderData;
  const listId = 'crop-pesticide-crops';
  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害查詢', link: '/search/bug' }, { title: '依作物查詢登記用藥' }]} />
      <div className="container pesticide-page">
        <header className="pesticide-page__header">
          <h1 className="pesticide-page__title">{result ? `${result.crop}的登記用藥` : '依作物查詢登記用藥'}</h1>
          <p className="pesticide-page__label-notice" role="note">
            <strong>實際用藥請以農藥標示為準。</strong>
            本頁整理政府公開的農藥登記使用範圍供參考，施藥前請詳閱產品標示並遵守安全採收期。
          </p>
          <ActiveAlerts alerts={alerts} />
          <Form method="get" className="pesticide-filter" role="search" aria-label="選擇作物">
            <label className="pesticide-filter__field">
              <span>作物（可輸入別名，例如芒果）</span>
              <input
                name="plant"
                className="field-control"
                defaultValue={result?.crop ?? asked}
                list={listId}
                required
                maxLength={50}
              />
            </label>
            <datalist id={listId}>
              {crops.map((crop) => (
                <option key={crop.crop} value={crop.crop} />
              ))}
            </datalist>
            <button type="submit" className="button">
              查詢
            </button>
          </Form>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
        </header>

        {result ? (
          <CropGroups result={result} />
        ) : (
          <nav aria-label="有登記用藥的作物">
            <h2 className="pesticide-page__plant">有登記用藥的作物</h2>
            <ul className="crop-pesticide__crops">
              {crops.map((crop) => (
                <li key={crop.crop}>
                  <Link to={cropPesticideHref(crop.crop)}>
                    {crop.crop}
                    {crop.synonyms.length > 0 ? `（${crop.synonyms.join('、')}）` : ''}
                  </Link>{' '}
                  <span className="crop-pesticide__count">{crop.uses} 筆</span>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}

function CropGroups({ result }: { result: NonNullable<Route.ComponentProps['loaderData']['result']> }) {
  if (result.total === 0) return <NoData message={escapeHtml(`目前沒有「${result.crop}」的登記用藥資料`)} />;
  return (
    <section aria-labelledby="crop-pesticide-summary">
      <p id="crop-pesticide-summary" className="pesticide-page__count">
        {result.crop}
        {result.plants.length > 0 && result.plants.join('、') !== result.crop
          ? `（登記資料名稱：${result.plants.join('、')}）`
          : ''}
        ：{result.groups} 種病蟲害、共 {result.total} 筆登記用藥
      </p>
      <SaveCrop cropName={result.crop} />
      {result.items.map((group, groupIndex) => (
        <section key={group.bugname} className="crop-pesticide__group" aria-labelledby={`crop-group-${groupIndex}`}>
          <h2 id={`crop-group-${groupIndex}`} className="crop-pesticide__group-title">
            {group.bugname} <span className="crop-pesticide__count">{group.count} 筆</span>
          </h2>
          <p className="crop-pesticide__compare">
            <Link to={pesticideLookupHref(group.bugname, result.plants[0] ?? result.crop)}>
              {group.count > group.rows.length
                ? `看「${group.bugname}」全部 ${group.count} 筆、全部欄位與篩選`
                : `「${group.bugname}」全部欄位、依作用機制篩選與列印`}
            </Link>
          </p>
          <ul className="pesticide-entries">
            {group.rows.map((row, index) => (
              <PesticideEntryLine key={index} row={row} />
            ))}
          </ul>
        </section>
      ))}
      <Pagination
        dataLen={result.groups}
        page={result.page}
        pageSize={cropPesticidePageSize}
        hrefForPage={(page) => cropPesticideHref(result.crop, page)}
      />
    </section>
  );
}
