import type { PesticideEntry } from './records';

// ---- the name-first pesticide lookup's page (/search/bug/detail2, decision 0432) ----

/**
 * Uses per page of the name-first lookup (decision 0432): ten years of data may hold thousands for a
 * pest on a crop, all sent and drawn on one page before; the sample's longest list (檬果炭疽病, 51)
 * and nearly every real one stay on one page, to compare and print whole.
 */
export const pesticideUsePageSize = 60;

/** One page of a pest's uses on one crop, with the mode-of-action groups of all its uses. */
export interface PesticideUsePage {
  /** Every mode-of-action group among the crop's uses (not only the page's). */
  moaGroups: string[];
  /** The group filtered on, when it is one of `moaGroups`. */
  moa: string | null;
  /** Uses on the crop, and of them those in the filtered group (the same when not filtered). */
  total: number;
  matched: number;
  page: number;
  pageSize: number;
  entries: PesticideEntry[];
}

/**
 * The mode-of-action groups of an entry's `moa` ("IRAC - 3A/16", "FRAC - BM02 、 IRAC - 11A"):
 * one "IRAC 3A" style code per group, so a mixture belongs to each of its groups.
 */
export function moaGroups(moa: string): string[] {
  const groups: string[] = [];
  for (const part of moa.split(/[、,，;；]/)) {
    const match = /^\s*([A-Za-z]+)\s*-\s*(.+?)\s*$/.exec(part);
    if (!match) continue;
    const [, committee = '', codes = ''] = match;
    for (const code of codes.split('/')) {
      const trimmed = code.trim();
      if (trimmed && trimmed !== '-') groups.push(`${committee.toUpperCase()} ${trimmed.toUpperCase()}`);
    }
  }
  return [...new Set(groups)];
}

/** Every group met among the entries, IRAC and FRAC apart, codes in natural order (1A, 1B, 3A, 11…). */
export function listMoaGroups(entries: readonly { moa: string }[]): string[] {
  const all = new Set(entries.flatMap((entry) => moaGroups(entry.moa)));
  return [...all].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
