import { trustedHtml, type RecordDetail, type RecordPicture } from '@pest/contracts';
import { Link } from 'react-router';
import { NoData } from '../ui/no-data';
import { PictureGallery } from './picture-gallery';
import { PlainText } from './plain-text';
import { recordKindLabel } from './record-labels';
import {
  noPesticideUsesNote,
  offersPesticideLookup,
  pesticideLookupHref,
  type QuickLink,
  type RecordTab,
} from './record-tabs';

const dash = '—';

/** Names tab: Chinese, English, scientific and other common names. */
export function RecordNames({ record }: { record: RecordDetail }) {
  return (
    <dl className="record-names">
      <div className="record-names__row">
        <dt>中文名稱</dt>
        <dd>{record.CName}</dd>
      </div>
      <div className="record-names__row">
        <dt>英文名稱</dt>
        <dd lang="en">{record.EName || dash}</dd>
      </div>
      <div className="record-names__row">
        <dt>{record.layout === 'disease' ? '病原學名' : '學名'}</dt>
        <dd>{record.Name ? <i lang="la">{record.Name}</i> : dash}</dd>
      </div>
      <div className="record-names__row">
        <dt>俗名（別名）</dt>
        <dd>{record.aliases.length > 0 ? record.aliases.join('、') : dash}</dd>
      </div>
      <div className="record-names__row">
        <dt>類別</dt>
        <dd>{recordKindLabel(record)}</dd>
      </div>
    </dl>
  );
}

/** Classification table: class, order, family, genus and species. */
export function ClassificationTable({ record, caption }: { record: RecordDetail; caption: string }) {
  const species = [record.EClass4, record.EClass5].filter(Boolean).join(' ');
  const rows: Array<[string, string, string, boolean]> = [
    ['綱', record.CClass1, record.EClass1, false],
    ['目', record.CClass2, record.EClass2, false],
    ['科', record.CClass3, record.EClass3, false],
    ['屬', '', record.EClass4, true],
    ['種', record.layout === 'disease' ? '' : record.CName, species, true],
  ];
  return (
    <table className="classification-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">階層</th>
          <th scope="col">中文名稱</th>
          <th scope="col">學名</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([rank, chinese, latin, italic]) => (
          <tr key={rank}>
            <th scope="row">{rank}</th>
            <td>{chinese || dash}</td>
            <td lang={latin ? 'la' : undefined}>{latin ? italic ? <i>{latin}</i> : latin : dash}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The tabs a farmer needs most, above the names (decision 0370). A tab link moves like a tab (same
 * history entry, same scroll) and asks the page to focus the panel it opens, since the link goes.
 */
export function QuickTabLinks({ links }: { links: QuickLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav className="record-quick-links" aria-label="常用資料">
      <ul className="record-quick-links__list">
        {links.map((link) => (
          <li key={link.key}>
            {link.key === 'pesticides' ? (
              <Link to={link.href} className="record-quick-links__link">
                {link.label}
                {link.note ? <span className="record-quick-links__note">（{link.note}）</span> : null}
              </Link>
            ) : (
              <Link
                to={link.href}
                className="record-quick-links__link"
                replace
                preventScrollReset
                state={{ focusPanel: true }}
              >
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PesticideCallout({ record, uses }: { record: RecordDetail; uses: boolean }) {
  return (
    <p className="record-callout">
      想知道防治「{record.CName}」可用哪些登記農藥？
      <Link to={pesticideLookupHref(record.CName)} className="record-callout__link">
        查詢推薦用藥
      </Link>
      {/* The spec's link stays; the farmer learns before the tap that the data has nothing yet. */}
      {uses ? null : <span className="record-callout__note">{noPesticideUsesNote}。</span>}
    </p>
  );
}

/** The content of the selected tab; text comes from the fields the tab table names. */
export function RecordTabContent({
  record,
  pictures,
  tab,
  quickLinks = [],
  pesticideUses = true,
}: {
  record: RecordDetail;
  pictures: RecordPicture[];
  tab: RecordTab;
  quickLinks?: QuickLink[];
  /** Whether the pesticide data holds registered uses for the record. */
  pesticideUses?: boolean;
}) {
  const tabPictures = pictures.filter((picture) => tab.pictures.includes(picture.Class));
  const gallery = (
    <PictureGallery pictures={tabPictures} recordName={record.CName} recordId={record.id} classes={tab.pictures} />
  );

  switch (tab.kind) {
    case 'names':
      return (
        <>
          <QuickTabLinks links={quickLinks} />
          <RecordNames record={record} />
          {gallery}
        </>
      );
    case 'album':
      return tabPictures.length > 0 ? gallery : <NoData message={trustedHtml`暫無照片`} />;
    case 'classification':
      return <ClassificationTable record={record} caption="分類地位" />;
    case 'content': {
      const texts = tab.sections.filter((section) => record[section.field].trim() !== '');
      const hasContent = texts.length > 0 || tabPictures.length > 0 || tab.classification;
      const pesticide = tab.pesticideLink && offersPesticideLookup(record);
      if (!hasContent && !pesticide) return <NoData />;
      return (
        <>
          {tab.classification ? <ClassificationTable record={record} caption="病原分類地位" /> : null}
          {tab.sections.map((section) =>
            section.heading ? (
              record[section.field].trim() ? (
                <section key={section.field} className="record-section">
                  <h3 className="record-section__heading">{section.heading}</h3>
                  <PlainText text={record[section.field]} />
                </section>
              ) : null
            ) : (
              <PlainText key={section.field} text={record[section.field]} />
            ),
          )}
          {tabPictures.length > 0 && tab.sections.length > 0 ? <h3 className="record-section__heading">照片</h3> : null}
          {tabPictures.length === 0 && tab.sections.length === 0 ? <NoData message={trustedHtml`暫無照片`} /> : gallery}
          {pesticide ? <PesticideCallout record={record} uses={pesticideUses} /> : null}
        </>
      );
    }
  }
}
