import { pesticideCall } from '@pest/contracts';

/** The crop tab shown: the requested one when it is listed, otherwise the first (spec §2 detail2). */
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

/** The eleven fields of a pesticide entry in the order of spec §2 (the common name is the heading). */
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
