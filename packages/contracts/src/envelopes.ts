import { z } from 'zod';

/** Response of the information service (/api/info/<call>): data under `d`. */
export const infoResponse = <T extends z.ZodType>(data: T) => z.object({ d: data });

/** Response of the product API (/api/v1/...): data under `data`. */
export const productResponse = <T extends z.ZodType>(data: T) => z.object({ data });

/** The calls that take no payload accept an empty object (or no body at all). */
export const emptyBody = z.object({}).strict().describe('Empty body');

/**
 * Free-text search term as typed by a visitor: trimmed, 1–100 characters, no control characters.
 * Shared by every search call so the rules and messages are the same everywhere.
 */
export const searchTerm = z
  .string({ error: '請輸入關鍵字' })
  .trim()
  .max(100, { error: '關鍵字不可超過 100 個字' })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '關鍵字含有不允許的控制字元' });

/** Positive integer id, accepting "12" as well as 12 because the older service sends ids as strings. */
export const recordId = z.coerce
  .number({ error: '編號必須是數字' })
  .int({ error: '編號必須是整數' })
  .positive({ error: '編號必須是正整數' })
  .max(2_147_483_647, { error: '編號過大' });
