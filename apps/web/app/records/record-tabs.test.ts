import { layoutFor, offlineRecordPictureClasses, offlineRecordTabs, type RecordLayout } from '@pest/contracts';
import { describe, expect, it } from 'vitest';
import {
  offersPesticideLookup,
  pesticideLookupHref,
  quickLinks,
  recordTabHref,
  recordTabs,
  selectTab,
} from './record-tabs';

const labels = (layout: keyof typeof recordTabs) => recordTabs[layout].map((tab) => tab.label);

describe('record tabs', () => {
  it('gives each layout exactly the tabs of its layout, names first', () => {
    expect(labels('pest')).toEqual([
      '名稱',
      '相簿',
      '分類',
      '形態特徵',
      '生活史',
      '分布',
      '為害作物',
      '為害概述',
      '為害照片',
      '防治方法',
      '參考文獻',
    ]);
    expect(labels('disease')).toEqual([
      '名稱',
      '相簿',
      '病原特徵',
      '病徵',
      '病害生態',
      '病原寄主',
      '發生環境',
      '防治方法',
    ]);
    expect(labels('beneficial')).toEqual([
      '名稱',
      '相簿',
      '分類',
      '形態特徵',
      '生活史',
      '分布',
      '防治對象',
      '捕食或寄生方式',
      '照片',
      '參考文獻',
    ]);
  });

  it('shows every text field of a record somewhere in each layout', () => {
    const fields = ['Property', 'Life', 'Distribute', 'Harm', 'HarmPart', 'HarmDatail', 'Control', 'Liter'];
    for (const tabs of Object.values(recordTabs)) {
      const shown = tabs.flatMap((tab) => tab.sections.map((section) => section.field));
      expect([...shown].sort()).toEqual([...fields].sort());
    }
  });

  it('puts the classification table in one tab of every layout', () => {
    for (const tabs of Object.values(recordTabs)) expect(tabs.filter((tab) => tab.classification)).toHaveLength(1);
  });

  it('names, for a saved crop, the picture classes its saved tabs show (decision 0424)', () => {
    for (const layout of Object.keys(recordTabs) as RecordLayout[]) {
      const saved = recordTabs[layout].filter(
        (tab) => tab.key === 'names' || offlineRecordTabs[layout].includes(tab.key),
      );
      expect(saved).toHaveLength(offlineRecordTabs[layout].length + 1);
      const shown = new Set(saved.flatMap((tab) => tab.pictures));
      expect([...offlineRecordPictureClasses[layout]].sort()).toEqual([...shown].sort());
    }
  });

  it('uses unique URL keys within a layout', () => {
    for (const tabs of Object.values(recordTabs)) expect(new Set(tabs.map((tab) => tab.key)).size).toBe(tabs.length);
  });

  it('selects the requested tab, or names for a missing, unknown or other-layout key', () => {
    expect(selectTab('disease', 'symptoms').label).toBe('病徵');
    expect(selectTab('disease', null).key).toBe('names');
    expect(selectTab('disease', 'harm-photos').key).toBe('names');
    expect(selectTab('pest', '<script>').key).toBe('names');
  });

  it('follows the layout-by-class rule for the tab set', () => {
    expect(selectTab(layoutFor({ type: 'disease', diseaseClass: 'oomycete' }), 'ecology').label).toBe('病害生態');
    expect(selectTab(layoutFor({ type: 'beneficial', diseaseClass: null }), 'predation').label).toBe('捕食或寄生方式');
    expect(selectTab(layoutFor({ type: 'mite', diseaseClass: null }), 'harm-photos').label).toBe('為害照片');
  });

  it('links tabs and the pesticide lookup', () => {
    expect(recordTabHref(12, 'names')).toBe('/search/bug/detail?id=12');
    expect(recordTabHref(12, 'control')).toBe('/search/bug/detail?id=12&tab=control');
    expect(recordTabHref(12, 'control', { list: 'term=a', wizard: 'id=10&o=3', preview: true })).toBe(
      '/search/bug/detail?id=12&tab=control&list=term%3Da&wizard=id%3D10%26o%3D3&preview=1',
    );
    expect(pesticideLookupHref('炭疽病', '檬果')).toBe(
      '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85&plant=%E6%AA%AC%E6%9E%9C',
    );
    // A page of the lookup keeps its filter; the first page has no number (decision 0432).
    expect(pesticideLookupHref('炭疽病', '檬果', { moa: 'FRAC 3', page: 2 })).toBe(
      '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85&plant=%E6%AA%AC%E6%9E%9C&moa=FRAC+3&page=2',
    );
    expect(pesticideLookupHref('炭疽病', '檬果', { moa: null, page: 1 })).toBe(pesticideLookupHref('炭疽病', '檬果'));
  });

  it('offers the pesticide lookup on disease pages always, on pest pages only when linked', () => {
    expect(offersPesticideLookup({ layout: 'disease', pesticideNames: [] })).toBe(true);
    expect(offersPesticideLookup({ layout: 'pest', pesticideNames: [] })).toBe(false);
    expect(offersPesticideLookup({ layout: 'pest', pesticideNames: ['薊馬類'] })).toBe(true);
    expect(offersPesticideLookup({ layout: 'beneficial', pesticideNames: ['x'] })).toBe(false);
  });

  it('links the tabs a farmer needs most per layout, and the lookup where offered', () => {
    const labelsOf = (record: Parameters<typeof quickLinks>[0], uses = true) =>
      quickLinks(record, {}, uses).map((link) => link.label + (link.note ? `（${link.note}）` : ''));
    const record = { id: 3, CName: '炭疽病', pesticideNames: [] as string[] };
    expect(labelsOf({ ...record, layout: 'pest', pesticideNames: ['薊馬類'] })).toEqual([
      '為害概述',
      '為害照片',
      '防治方法',
      '推薦用藥',
    ]);
    expect(labelsOf({ ...record, layout: 'pest' })).toEqual(['為害概述', '為害照片', '防治方法']);
    expect(labelsOf({ ...record, layout: 'disease' }, false)).toEqual([
      '病徵',
      '防治方法',
      '推薦用藥（目前資料尚無登記用藥）',
    ]);
    expect(labelsOf({ ...record, layout: 'beneficial' })).toEqual(['防治對象', '捕食或寄生方式', '照片']);
    expect(quickLinks({ ...record, layout: 'disease' }, { list: 'term=a' }, true).map((link) => link.href)).toEqual([
      '/search/bug/detail?id=3&tab=symptoms&list=term%3Da',
      '/search/bug/detail?id=3&tab=control&list=term%3Da',
      '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85',
    ]);
  });
});
