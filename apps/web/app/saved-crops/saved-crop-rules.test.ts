import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDataDate,
  isSavedCropNamed,
  packSummary,
  savedCropKey,
  type SavedCrop,
} from './saved-crop-rules';

describe('what the page and the worker share about saved crops (decision 0390)', () => {
  it('says sizes and data dates as a farmer reads them', () => {
    expect(formatBytes(14_736_233)).toBe('14.7 MB');
    expect(formatBytes(350_400)).toBe('350 KB');
    expect(formatBytes(12)).toBe('1 KB');
    expect(formatDataDate('2026-12-06T20:00:00Z')).toBe('2026年12月7日');
    expect(formatDataDate(null)).toBe('不明日期');
  });

  it('names a pack’s pages, pictures and PDFs before it is downloaded (decision 0424)', () => {
    const pack = { crop: { id: 1, name: '甘藍', names: ['甘藍'] }, version: 'v', dataDate: null, bytes: 2_140_000 };
    const files = [{ path: '/files/ipm/1', bytes: 1 }];
    expect(packSummary({ ...pack, pages: ['/a', '/b'], pictures: ['/p'], files })).toBe(
      '約 2.1 MB（2 頁、1 張照片、1 份 PDF）',
    );
    expect(packSummary({ ...pack, pages: ['/a'], pictures: [], files: [] })).toBe('約 2.1 MB（1 頁）');
  });

  it('finds a saved crop by its name or a synonym, and keys it inside the worker’s scope', () => {
    const saved = { crop: { id: 4, name: '檬果', names: ['檬果', '芒果'] } } as SavedCrop;
    expect(isSavedCropNamed(saved, '芒果')).toBe(true);
    expect(isSavedCropNamed(saved, '柑橘')).toBe(false);
    expect(savedCropKey('http://x/pest/', 4)).toBe('http://x/pest/__saved-crops/4');
  });
});
