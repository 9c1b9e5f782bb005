import { useEffect } from 'react';
import { data, Link, useLocation, useSearchParams } from 'react-router';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DetailErrorPage } from '../ui/detail-error-page';
import type { Route } from './+types/record-detail-route';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import { LinkTabs } from '../ui/link-tabs';
import { PreviewBanner } from '../ui/preview-banner';
import { isNotFoundError, notFound, pageId } from '../ui/not-found';
import { RecordTabContent } from './record-detail-parts';
import { recordKindLabel } from './record-labels';
import { backToListHref, backToWizardHref, factsheetHref, listState, wizardState } from './record-links';
import {
  noPesticideUsesNote,
  offersPesticideLookup,
  pesticideLookupHref,
  quickLinks,
  recordTabHref,
  recordTabs,
  selectTab,
} from './record-tabs';
import { summarise } from './text-paragraphs';
import { revalidateOnlyForAnotherId } from '../kernel/same-id-revalidation';
import { isStaffPreview, previewHeaders } from '../kernel/staff-preview';
import './records.css';

const notFoundMessage = '找不到這筆病蟲害資料，可能是網址有誤或資料已移除。';

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = pageId(request, notFoundMessage);
  const { records } = context.services;
  try {
    // Staff asking with `preview=1` see a draft as visitors will (decision 0250).
    const preview = await isStaffPreview(request, context);
    const options = { includeDrafts: preview };
    const [record, pictures] = await Promise.all([
      records.getRecordDetail(id, options),
      records.listRecordPictures(id, options),
    ]);
    // Staff checking their work are not readers: no view for the hot list.
    if (!preview) records.countRecordView(record.id, context.visitor);
    // Whether the lookup the page links to finds anything, so the page can say so beside the link.
    const pesticideUses = offersPesticideLookup(record)
      ? (await records.listPesticidePlants(record.CName)).length > 0
      : false;
    const state = { record, pictures, preview, pesticideUses };
    // A preview is answered for the person asking: never kept by a shared cache.
    return preview ? data(state, { headers: previewHeaders }) : state;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(notFoundMessage);
    throw error;
  }
}

// Switching tabs changes only `tab`: the record is already here, so no new request (and no
// second view count) is made.
export const shouldRevalidate = revalidateOnlyForAnotherId;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches, location }) => {
  const root = matches[0].loaderData;
  if (!data) return missingPageMeta(root, notFoundMessage, error);
  const { record, pictures } = data;
  if (data.preview) {
    return [
      ...pageMeta(root, { title: `預覽：${record.CName}`, path: `/search/bug/detail?id=${record.id}` }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  const tab = selectTab(record.layout, new URLSearchParams(location.search).get('tab'));
  const lead = record.layout === 'disease' ? record.HarmDatail || record.Property : record.Property;
  const names = [record.EName, record.Name].filter(Boolean).join('，');
  const cover = pictures.find((picture) => picture.Class === 'album') ?? pictures[0];
  return pageMeta(root, {
    title: tab.key === 'names' ? record.CName : `${record.CName}－${tab.label}`,
    description: summarise(`${record.CName}${names ? `（${names}）` : ''}：${summarise(lead, 200)}`, 150),
    path: `/search/bug/detail?id=${record.id}`,
    type: 'article',
    ...(cover ? { image: cover.url } : {}),
  });
};

export default function RecordDetailRoute({ loaderData }: Route.ComponentProps) {
  const { record, pictures, preview, pesticideUses } = loaderData;
  const [searchParams] = useSearchParams();
  const tab = selectTab(record.layout, searchParams.get('tab'));
  const list = listState(searchParams.get('list'));
  const wizard = wizardState(searchParams.get('wizard'));
  const wizardHref = backToWizardHref(wizard);
  // A preview's tabs stay in the preview (a draft has no public tab to go to).
  const carry = { list, wizard, preview };
  const tabs = recordTabs[record.layout].map((item) => ({
    key: item.key,
    label: item.label,
    href: recordTabHref(record.id, item.key, carry),
  }));
  // A quick link replaces the names tab it sits in: the focus goes on to the tab it opened.
  const location = useLocation();
  const focusPanel = (location.state as { focusPanel?: boolean } | null)?.focusPanel;
  useEffect(() => {
    if (focusPanel) document.getElementById('record-panel')?.focus();
  }, [focusPanel, location.key]);

  return (
    <>
      {preview ? (
        <PreviewBanner editHref={`/admin/records/${record.id}/edit`} published={record.state === 'published'} />
      ) : null}
      <Breadcrumb items={[{ title: '病蟲害查詢', link: '/search/bug' }, { title: record.CName }]} />
      <article className="container record-detail">
        <header className="record-detail__header">
          <p className="record-detail__kind">
            {recordKindLabel(record)}
            {/* demo-label.tsx's markup written out: its module would be a chunk of its own here. */}
            {record.demo ? <span className="demo-badge">示範資料</span> : null}
          </p>
          <h1 className="record-detail__title">{record.CName}</h1>
          {record.EName || record.Name ? (
            <p className="record-detail__names">
              {record.EName ? <span lang="en">{record.EName}</span> : null}
              {record.Name ? <i lang="la">{record.Name}</i> : null}
            </p>
          ) : null}
          <div className="record-detail__actions">
            <Link to={backToListHref(list)} className="button">
              <span aria-hidden="true">‹</span> 回列表
            </Link>
            {wizardHref ? (
              <Link to={wizardHref} className="button">
                <span aria-hidden="true">‹</span> 回診斷步驟
              </Link>
            ) : null}
            {offersPesticideLookup(record) ? (
              <Link
                to={pesticideLookupHref(record.CName)}
                className="button button--primary"
                aria-describedby={pesticideUses ? undefined : 'record-no-pesticide-uses'}
              >
                推薦用藥查詢
              </Link>
            ) : null}
            {offersPesticideLookup(record) && !pesticideUses ? (
              <span id="record-no-pesticide-uses" className="record-detail__note">
                {noPesticideUsesNote}
              </span>
            ) : null}
          </div>
        </header>
        <LinkTabs label={`${record.CName}資料分頁`} tabs={tabs} selectedKey={tab.key} idPrefix="record">
          <h2 className="record-detail__panel-title">{tab.label}</h2>
          <RecordTabContent
            record={record}
            pictures={pictures}
            tab={tab}
            quickLinks={quickLinks(record, carry, pesticideUses)}
            pesticideUses={pesticideUses}
          />
        </LinkTabs>
        {/* Below the content, so the first screen of a phone still starts with it. */}
        {record.demo ? (
          <p className="demo-notice" role="note">
            <strong>示範資料：</strong>本頁文字由網站團隊撰寫、照片為示意圖，僅供展示，並非研究單位的正式資料。
          </p>
        ) : null}
        <p className="record-detail__updated">
          資料更新時間：<time dateTime={isoDateTime(record.updatedAt)}>{formatDateTime(record.updatedAt)}</time>
        </p>
        <p className="record-detail__factsheet">
          <Link to={factsheetHref(record.id)} prefetch="intent">
            列印資料卡（A4）
          </Link>
        </p>
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
