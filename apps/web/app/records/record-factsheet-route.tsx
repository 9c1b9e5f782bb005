import type { RecordDetail, RecordPicture } from '@pest/contracts';
import { Link, useRouteLoaderData } from 'react-router';
import type { RootMetaData } from '../kernel/page-meta';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DemoNotice } from '../ui/demo-label';
import { DetailErrorPage } from '../ui/detail-error-page';
import { formatCalendarDate, formatDateTime, isoDateTime } from '../ui/format-date-time';
import { isNotFoundError, notFound, pageId } from '../ui/not-found';
import { PrintButton } from '../ui/print-button';
import type { Route } from './+types/record-factsheet-route';
import { summarisePesticides, type CropPesticides } from './factsheet-pesticides';
import { splitParagraphs } from './text-paragraphs';
import { recordKindLabel } from './record-labels';
import { factsheetHref, pictureUrl, recordDetailHref } from './record-links';
import { offersPesticideLookup, pesticideLookupHref, recordTabs, type RecordTab } from './record-tabs';
import './records.css';

const notFoundMessage = '找不到這筆病蟲害資料，可能是網址有誤或資料已移除。';

/** Pictures on the sheet: enough to recognise it, few enough for two A4 pages. */
const factsheetPictures = 4;
/** Product names listed per crop; the page itself has them all. */
const productsPerCrop = 8;

/** The tabs whose text the factsheet prints: what it looks like, what it harms, how to control it. */
const factsheetTabKeys = new Set([
  'feature',
  'pathogen',
  'crops',
  'hosts',
  'targets',
  'harm',
  'symptoms',
  'predation',
  'control',
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = pageId(request, notFoundMessage);
  const { records } = context.services;
  try {
    const [record, pictures] = await Promise.all([records.getRecordDetail(id), records.listRecordPictures(id)]);
    let pesticides: CropPesticides[] = [];
    let source = null;
    if (offersPesticideLookup(record)) {
      const plants = await records.listPesticidePlants(record.CName);
      pesticides = await Promise.all(
        plants.map(async (plant) =>
          summarisePesticides(plant, await records.listPesticideEntries(record.CName, plant)),
        ),
      );
      source = await records.getPesticideSource();
    }
    return { record, pictures: pickPictures(pictures), pesticides, source };
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(notFoundMessage);
    throw error;
  }
}

/** The album's pictures first (they show the organism), then the others. */
function pickPictures(pictures: RecordPicture[]): RecordPicture[] {
  const album = pictures.filter((picture) => picture.Class === 'album');
  const others = pictures.filter((picture) => picture.Class !== 'album');
  return [...album, ...others].slice(0, factsheetPictures);
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  const root = matches[0].loaderData;
  if (!data) return missingPageMeta(root, notFoundMessage, error);
  const cover = data.pictures[0];
  return pageMeta(root, {
    title: `${data.record.CName}－列印資料卡`,
    description: `${data.record.CName}的名稱、照片、為害與防治方法摘要，可列印為 A4 資料卡。`,
    path: factsheetHref(data.record.id),
    ...(cover ? { image: cover.url } : {}),
  });
};

function TabText({ record, tab }: { record: RecordDetail; tab: RecordTab }) {
  const sections = tab.sections.filter((section) => section.field !== 'Liter' && record[section.field].trim() !== '');
  if (sections.length === 0) return null;
  return (
    <section className="factsheet__section">
      <h2 className="factsheet__heading">{tab.label}</h2>
      {sections.map((section) => (
        <div key={section.field}>
          {section.heading ? <h3 className="factsheet__subheading">{section.heading}</h3> : null}
          {splitParagraphs(record[section.field]).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ))}
    </section>
  );
}

// Only small modules the record page has as chunks of their own are imported here (record-links,
// record-tabs, record-labels, text-paragraphs): a module both pages import in common would be cut
// into a shared chunk and add a file to the record page's script.

/**
 * A record's printable factsheet (decision 0187): names, a few pictures, what it
 * looks like, its harm and its control, and a summary of the registered pesticide uses — laid out
 * for one or two A4 pages by the print stylesheet. A page of its own, so the record page's script
 * stays as it is.
 */
export default function RecordFactsheetRoute({ loaderData }: Route.ComponentProps) {
  const { record, pictures, pesticides, source } = loaderData;
  const tabs = recordTabs[record.layout].filter((tab) => tab.kind === 'content' && factsheetTabKeys.has(tab.key));
  const snapshot = source ? formatCalendarDate(source.snapshotDate) : '';
  const root = useRouteLoaderData<RootMetaData>('root');
  return (
    <>
      <Breadcrumb
        items={[
          { title: '病蟲害查詢', link: '/search/bug' },
          { title: record.CName, link: recordDetailHref(record.id) },
          { title: '列印資料卡' },
        ]}
      />
      <article className="container factsheet">
        <header className="factsheet__header">
          <h1 className="factsheet__title">
            {record.CName}
            {record.Name ? (
              <>
                {' '}
                <i lang="la" className="factsheet__latin">
                  {record.Name}
                </i>
              </>
            ) : null}
          </h1>
          <div className="factsheet__actions">
            <PrintButton label="列印資料卡" />
            <Link to={recordDetailHref(record.id)} className="button">
              <span aria-hidden="true">‹</span> 回資料頁
            </Link>
          </div>
        </header>
        {record.demo ? (
          <DemoNotice>本資料卡的文字由網站團隊撰寫、照片為示意圖，僅供展示，並非研究單位的正式資料。</DemoNotice>
        ) : null}
        {/* The names in two compact columns (not the record page's table, which would tie the two
            pages' modules into a shared chunk on the record page). */}
        <dl className="factsheet__names">
          <div>
            <dt>英文名稱</dt>
            <dd lang="en">{record.EName || '—'}</dd>
          </div>
          <div>
            <dt>{record.layout === 'disease' ? '病原學名' : '學名'}</dt>
            <dd>{record.Name ? <i lang="la">{record.Name}</i> : '—'}</dd>
          </div>
          <div>
            <dt>俗名（別名）</dt>
            <dd>{record.aliases.length > 0 ? record.aliases.join('、') : '—'}</dd>
          </div>
          <div>
            <dt>類別</dt>
            <dd>{recordKindLabel(record)}</dd>
          </div>
        </dl>
        {pictures.length > 0 ? (
          <ul className="factsheet__pictures" aria-label="照片">
            {pictures.map((picture, index) => (
              <li key={picture.id}>
                <figure className="factsheet__figure">
                  <img
                    src={pictureUrl(picture.modUrl)}
                    alt={picture.caption.trim() || `${record.CName}照片 ${index + 1}`}
                    width={240}
                    height={Math.round((picture.height * 240) / Math.max(picture.width, 1))}
                    decoding="async"
                  />
                  {picture.caption.trim() ? <figcaption>{picture.caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        ) : null}
        {tabs.map((tab) => (
          <TabText key={tab.key} record={record} tab={tab} />
        ))}
        {offersPesticideLookup(record) ? (
          <section className="factsheet__section">
            <h2 className="factsheet__heading">登記用藥摘要</h2>
            {pesticides.length > 0 ? (
              <table className="factsheet__pesticides">
                <thead>
                  <tr>
                    <th scope="col">作物</th>
                    <th scope="col">登記用藥</th>
                    <th scope="col">藥劑（普通名稱）</th>
                  </tr>
                </thead>
                <tbody>
                  {pesticides.map((crop) => (
                    <tr key={crop.plant}>
                      <th scope="row">{crop.plant}</th>
                      <td>{crop.count} 筆</td>
                      <td>
                        {crop.products.slice(0, productsPerCrop).join('、')}
                        {crop.products.length > productsPerCrop ? ` 等 ${crop.products.length} 種` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>目前沒有「{record.CName}」的登記用藥資料。</p>
            )}
            <p className="factsheet__note">
              實際用藥請以農藥標示為準；稀釋倍數與安全採收期見推薦用藥查詢：
              <Link to={pesticideLookupHref(record.CName)}>{record.CName}推薦用藥</Link>
              {source?.source ? `。資料來源：${source.source}${snapshot ? `，${snapshot}` : ''}` : ''}
              {source?.sample ? ' 部分資料（示範樣本）' : ''}。
            </p>
          </section>
        ) : null}
        <footer className="factsheet__footer">
          <p>
            資料更新時間：<time dateTime={isoDateTime(record.updatedAt)}>{formatDateTime(record.updatedAt)}</time>
          </p>
          <p className="factsheet__address">
            網頁版：{root?.publicUrl ?? ''}
            {recordDetailHref(record.id)}
          </p>
        </footer>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorPage
      error={error}
      list={{ title: '病蟲害查詢', href: '/search/bug', backLabel: '病蟲害查詢列表' }}
      missingMessage={notFoundMessage}
      failureMessage="很抱歉，系統暫時無法顯示這筆資料，請稍後再試。"
    />
  );
}
