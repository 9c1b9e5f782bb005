import type { PictureClass, RecordDetail, RecordLayout } from '@pest/contracts';

/** The text fields of a record that feed its tabs. */
export type RecordTextField =
  | 'Property'
  | 'Life'
  | 'Distribute'
  | 'Harm'
  | 'HarmPart'
  | 'HarmDatail'
  | 'Control'
  | 'Liter';

export interface RecordTabSection {
  field: RecordTextField;
  /** Sub-heading when a tab shows more than one field. */
  heading?: string;
}

export interface RecordTab {
  /** Stable URL value of `tab`. */
  key: string;
  label: string;
  /** Names list (with intro pictures), the album, or the classification table; otherwise text sections. */
  kind: 'names' | 'album' | 'classification' | 'content';
  sections: RecordTabSection[];
  /** Pictures of these classes are shown in the tab (feature, life history and harm photos). */
  pictures: PictureClass[];
  /** The classification table sits in this tab (disease pages have no classification tab). */
  classification?: boolean;
  /** The recommended pesticide lookup is linked from this tab. */
  pesticideLink?: boolean;
}

const names: RecordTab = { key: 'names', label: '名稱', kind: 'names', sections: [], pictures: ['intro'] };
const album: RecordTab = { key: 'album', label: '相簿', kind: 'album', sections: [], pictures: ['album'] };
const classification: RecordTab = {
  key: 'classification',
  label: '分類',
  kind: 'classification',
  sections: [],
  pictures: [],
  classification: true,
};

function content(key: string, label: string, sections: RecordTabSection[], pictures: PictureClass[] = []): RecordTab {
  return { key, label, kind: 'content', sections, pictures };
}

/**
 * Tabs per layout, exactly those of the older site, names first. Which field feeds which
 * tab follows the seed's field comment; the fields the spec gives no tab of their own (HarmPart
 * everywhere, Liter and Control where the layout lacks references or control) are shown as a
 * sub-section of the nearest tab so no text is hidden (decision 0037).
 */
export const recordTabs: Record<RecordLayout, readonly RecordTab[]> = {
  pest: [
    names,
    album,
    classification,
    content('feature', '形態特徵', [{ field: 'Property' }], ['feature']),
    content('life', '生活史', [{ field: 'Life' }], ['life']),
    content('distribution', '分布', [{ field: 'Distribute' }]),
    content('crops', '為害作物', [{ field: 'Harm' }, { field: 'HarmPart', heading: '為害部位' }]),
    content('harm', '為害概述', [{ field: 'HarmDatail' }]),
    content('harm-photos', '為害照片', [], ['harm']),
    { ...content('control', '防治方法', [{ field: 'Control' }]), pesticideLink: true },
    content('references', '參考文獻', [{ field: 'Liter' }]),
  ],
  disease: [
    names,
    album,
    { ...content('pathogen', '病原特徵', [{ field: 'Property' }], ['feature']), classification: true },
    content('symptoms', '病徵', [{ field: 'HarmDatail' }, { field: 'HarmPart', heading: '為害部位' }], ['harm']),
    content('ecology', '病害生態', [{ field: 'Life' }], ['life']),
    content('hosts', '病原寄主', [{ field: 'Harm' }]),
    content('environment', '發生環境', [{ field: 'Distribute' }]),
    {
      ...content('control', '防治方法', [{ field: 'Control' }, { field: 'Liter', heading: '參考文獻' }]),
      pesticideLink: true,
    },
  ],
  beneficial: [
    names,
    album,
    classification,
    content('feature', '形態特徵', [{ field: 'Property' }], ['feature']),
    content('life', '生活史', [{ field: 'Life' }], ['life']),
    content('distribution', '分布', [{ field: 'Distribute' }]),
    content('targets', '防治對象', [{ field: 'Harm' }, { field: 'HarmPart', heading: '利用時機' }]),
    content('predation', '捕食或寄生方式', [{ field: 'HarmDatail' }, { field: 'Control', heading: '保育與釋放方法' }]),
    content('photos', '照片', [], ['harm']),
    content('references', '參考文獻', [{ field: 'Liter' }]),
  ],
};

/** The tab a `tab` query value selects; names (the default tab) for a missing or unknown one. */
export function selectTab(layout: RecordLayout, requested: string | null | undefined): RecordTab {
  const tabs = recordTabs[layout];
  return tabs.find((tab) => tab.key === requested) ?? tabs[0]!;
}

/** What a record page carries from tab to tab: where it was opened from, and a staff preview. */
export interface RecordPageCarry {
  /** The search list's state (record-links.ts `listState`). */
  list?: string;
  /** The wizard step it was opened from (record-links.ts `wizardState`). */
  wizard?: string;
  preview?: boolean;
}

/** Link of one tab of one record; the names tab is the page's plain address. */
export function recordTabHref(id: number, tabKey: string, carry: RecordPageCarry = {}): string {
  const params = new URLSearchParams({ id: String(id) });
  if (tabKey !== names.key) params.set('tab', tabKey);
  if (carry.list) params.set('list', carry.list);
  if (carry.wizard) params.set('wizard', carry.wizard);
  if (carry.preview) params.set('preview', '1');
  return `/search/bug/detail?${params.toString()}`;
}

/**
 * The tabs a farmer needs most, per layout, linked at the top of the names tab so control is one
 * tap away on a slow phone (decision 0370); the spec's tab order itself stays. Mites have the pest
 * layout, so they get the pest's links.
 */
export const quickTabKeys: Record<RecordLayout, readonly string[]> = {
  pest: ['harm', 'harm-photos', 'control'],
  disease: ['symptoms', 'control'],
  beneficial: ['targets', 'predation', 'photos'],
};

/** Said beside the lookup's link when the pesticide data holds no registered use for the record. */
export const noPesticideUsesNote = '目前資料尚無登記用藥';

export interface QuickLink {
  key: string;
  label: string;
  href: string;
  /** Said beside the link (the pesticide lookup when the data holds no use yet). */
  note?: string;
}

/** The quick links of a record: its most needed tabs, then the pesticide lookup where offered. */
export function quickLinks(
  record: Pick<RecordDetail, 'id' | 'layout' | 'CName' | 'pesticideNames'>,
  carry: RecordPageCarry,
  pesticideUses: boolean,
): QuickLink[] {
  const tabs = quickTabKeys[record.layout].flatMap((key) => {
    const tab = recordTabs[record.layout].find((candidate) => candidate.key === key);
    return tab ? [{ key, label: tab.label, href: recordTabHref(record.id, key, carry) }] : [];
  });
  if (!offersPesticideLookup(record)) return tabs;
  const lookup = { key: 'pesticides', label: '推薦用藥', href: pesticideLookupHref(record.CName) };
  return [...tabs, pesticideUses ? lookup : { ...lookup, note: noPesticideUsesNote }];
}

/**
 * Whether the record offers the pesticide lookup: disease pages always; pest and mite
 * pages when they are linked to pesticide-data names.
 */
export function offersPesticideLookup(record: Pick<RecordDetail, 'layout' | 'pesticideNames'>): boolean {
  if (record.layout === 'disease') return true;
  return record.layout === 'pest' && record.pesticideNames.length > 0;
}

/** The crop-first lookup (decision 0363): every registered use on a crop, grouped by pest. */
export function cropPesticideHref(plant?: string, page = 1): string {
  if (!plant) return '/search/bug/crop';
  const params = new URLSearchParams({ plant });
  if (page > 1) params.set('page', String(page));
  return `/search/bug/crop?${params.toString()}`;
}

export function pesticideLookupHref(
  name: string,
  plant?: string,
  { moa, page = 1 }: { moa?: string | null; page?: number } = {},
): string {
  const params = new URLSearchParams({ name });
  if (plant) params.set('plant', plant);
  if (moa) params.set('moa', moa);
  if (page > 1) params.set('page', String(page));
  return `/search/bug/detail2?${params.toString()}`;
}
