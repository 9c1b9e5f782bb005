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

/** The largest id a PostgreSQL `integer` (int4) column holds. */
export const maxId = 2_147_483_647;

/**
 * The one id schema of every route, call and page query: a JSON integer, or a string of decimal
 * digits (the older service sends ids as strings and pages read them from the query). Nothing else
 * is coerced: `0x1`, `1e3`, ` 1`, `[1]`, `true`, `-1` and ids past the int4 range are refused, so a
 * bad id is a 400 and never reaches the database.
 */
export const recordId = z
  .union([z.number({ error: '編號必須是數字' }), z.string().regex(/^[0-9]+$/, { error: '編號必須是數字' })], {
    error: '編號必須是數字',
  })
  .transform((value) => Number(value))
  .pipe(
    z.number().int({ error: '編號必須是整數' }).min(1, { error: '編號必須是正整數' }).max(maxId, { error: '編號過大' }),
  );

/** The same id under its general name, for routes that are not about records. */
export const idSchema = recordId;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

/**
 * A short name typed or linked by a visitor (pest, crop): trimmed, 1–`max` characters, no control
 * characters (a NUL byte is refused by PostgreSQL, which made it a 500).
 */
export const plainName = (messages: { required: string; tooLong: string }, max = 100) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong })
    .refine((value) => !controlCharacters.test(value), { error: '名稱含有不允許的控制字元' });
