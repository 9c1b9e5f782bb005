import { listMoaGroups, moaGroups, pesticideCall } from '@pest/contracts';

export { listMoaGroups, moaGroups };

/** The crop tab shown: the requested one when it is listed, otherwise the first. */
export function selectPlant(plants: readonly string[], requested: string | null | undefined): string | null {
  if (requested && plants.includes(requested)) return requested;
  return plants[0] ?? null;
}

/**
 * The `name` of the pesticide page validated like the /pesticidesel call's n1: null when missing
 * or blank, 'invalid' when it cannot be a name (control characters such as NUL, too long).
 */
export function parsePesticideName(value: string | null): string | null | 'invalid' {
  if (value === null || value.trim() === '') return null;
  const parsed = pesticideCall.body.shape.n1.safeParse(value);
  return parsed.success ? parsed.data : 'invalid';
}

/** The eleven fields of a pesticide entry in the order the lookup shows them (the common name is the heading). */
export const pesticideEntryFields = [
  ['bugname', '病蟲名稱'],
  ['use_r', '稀釋倍數'],
  ['safe', '安全採收期（天）'],
  ['amount', '含量'],
  ['use_p', '使用時期'],
  ['type', '施藥方法'],
  ['typecode', '劑型'],
  ['usecount', '施用次數'],
  ['notice', '注意事項'],
  ['use_a', '每公頃每次用量'],
  ['use_t', '施藥間隔（天）'],
] as const;

/** The four fields a farmer compares first, shown on each entry's one line (decision 0184). */
export const pesticideKeyFields = [
  ['use_r', '稀釋倍數'],
  ['safe', '安全採收期（天）'],
  ['usecount', '施用次數'],
] as const;

/** The `moa` filter of the address when it is one of the groups offered, otherwise none. */
export function selectMoaGroup(groups: readonly string[], requested: string | null | undefined): string | null {
  return requested && groups.includes(requested) ? requested : null;
}

export function filterByMoaGroup<T extends { moa: string }>(entries: readonly T[], group: string | null): T[] {
  return group ? entries.filter((entry) => moaGroups(entry.moa).includes(group)) : [...entries];
}

/**
 * What may tell two registrations of one product apart (decision 0362): formulation, content,
 * registrant, approval date, mode of action, remark, dose and timing, as the data has them.
 */
export const pesticideDistinguishingFields = [
  ['typecode', '劑型'],
  ['amount', '含量'],
  ['registrant', '登記廠商'],
  ['approvedOn', '核准日期'],
  ['moa', '作用機制'],
  ['note', '登記說明'],
  ['use_a', '每公頃用量'],
  ['use_p', '使用時期'],
] as const;

export type DistinguishingField = (typeof pesticideDistinguishingFields)[number][0];

type Comparable = { cname: string } & Record<DistinguishingField, string | null>;

/** A cell as compared and shown: the data's '-' and blanks are one "none". */
function cell(value: string | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '-' ? '' : trimmed;
}

/**
 * For each entry, the fields whose value differs among the entries of the same product name
 * (four 芬殺松 rows that share dilution and interval differ by formulation and approval date):
 * what the row must show so a farmer never needs the expander to tell them apart. An entry whose
 * product name is alone in the list gets none.
 */
export function differingFields<T extends Comparable>(
  entries: readonly T[],
): Array<Array<{ field: DistinguishingField; label: string; value: string }>> {
  const byName = new Map<string, T[]>();
  for (const entry of entries) {
    const key = entry.cname.trim();
    byName.set(key, [...(byName.get(key) ?? []), entry]);
  }
  const differing = new Map<string, DistinguishingField[]>();
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    differing.set(
      name,
      pesticideDistinguishingFields
        .map(([field]) => field)
        .filter((field) => new Set(group.map((entry) => cell(entry[field]))).size > 1),
    );
  }
  return entries.map((entry) =>
    (differing.get(entry.cname.trim()) ?? []).map((field) => ({
      field,
      label: pesticideDistinguishingFields.find(([each]) => each === field)?.[1] ?? field,
      value: cell(entry[field]) || '無',
    })),
  );
}
