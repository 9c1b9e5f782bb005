import { z } from 'zod';
import { safeHtmlSchema } from './safe-html-schema';

/*
 * The field builders of the storefront catalogue (catalogue.ts): each gives a field as the product
 * API answers it and as an editor writes it, so one collection description serves both.
 */

const dateTime = z.iso.datetime({ offset: true });

/** A field of a collection: how the product API shows it, and how an editor writes it. */
interface FieldSpec {
  out: z.ZodType;
  in: z.ZodType;
}

const titled = <T extends z.ZodType>(schema: T, title: string, description?: string): T =>
  schema.meta({ title, ...(description ? { description } : {}) }) as T;

// eslint-disable-next-line no-control-regex
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

export function text(title: string, options: { max?: number; required?: boolean; textarea?: boolean } = {}) {
  const max = options.max ?? 200;
  const base = z
    .string({ error: `請輸入${title}` })
    .trim()
    .max(max, { error: `${title}不可超過 ${max} 個字` })
    .refine(noControl, { error: `${title}含有不允許的控制字元` });
  const input = options.required === false ? base.default('') : base.min(1, { error: `請輸入${title}` });
  return {
    out: titled(z.string(), title),
    in: options.textarea ? input.meta({ title, widget: 'textarea' }) : titled(input, title),
  };
}

/** Rich text an editor writes; the product API answers it sanitised, as SafeHtml. */
export const richText = (title: string) => ({
  ...text(title, { max: 50_000, required: false, textarea: true }),
  out: titled(safeHtmlSchema, title),
});

export function whole(title: string, description?: string) {
  return {
    out: titled(z.number().int(), title),
    in: titled(
      z
        .number({ error: `${title}必須是數字` })
        .int({ error: `${title}必須是整數` })
        .min(0, { error: `${title}不可小於 0` })
        .max(1_000_000, { error: `${title}過大` })
        .default(0),
      title,
      description,
    ),
  };
}

export function reference(title: string) {
  return {
    out: titled(z.number().int().nullable(), title),
    in: titled(
      z
        .number({ error: `${title}必須是編號` })
        .int({ error: `${title}必須是整數` })
        .min(1, { error: `${title}必須是正整數` })
        .max(2_147_483_647, { error: `${title}過大` })
        .nullish()
        .transform((value) => value ?? null),
      title,
    ),
  };
}

export function price(title: string) {
  return {
    out: titled(z.number().int().nullable(), title),
    in: titled(
      z
        .number({ error: `${title}必須是數字` })
        .int({ error: `${title}必須是整數（新臺幣元）` })
        .min(0, { error: `${title}不可小於 0` })
        .max(100_000_000, { error: `${title}過大` })
        .nullish()
        .transform((value) => value ?? null),
      title,
      '新臺幣元；空白表示請來信詢價',
    ),
  };
}

/** A moment typed by an editor: ISO 8601 with its offset, or `yyyy/MM/dd HH:mm` in Taiwan time; empty for none. */
export function when(title: string) {
  return {
    out: titled(dateTime.nullable(), title),
    in: z
      .string({ error: `${title}必須是日期時間` })
      .trim()
      .max(40, { error: `${title}格式不正確` })
      .nullish()
      .transform((value, context) => {
        if (value === null || value === undefined || value === '') return null;
        const local = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
        const time = local
          ? Date.parse(
              `${local[1]}-${local[2]}-${local[3]}T${local[4] ?? '00'}:${local[5] ?? '00'}:${local[6] ?? '00'}+08:00`,
            )
          : dateTime.safeParse(value).success
            ? Date.parse(value)
            : Number.NaN;
        if (Number.isNaN(time)) {
          context.addIssue({ code: 'custom', message: `${title}格式須為 yyyy/MM/dd HH:mm（臺灣時間）` });
          return z.NEVER;
        }
        return new Date(time);
      })
      .meta({ title, description: 'yyyy/MM/dd HH:mm（臺灣時間），或含時區的 ISO 8601；空白表示不限' }),
  };
}

export function flag(title: string, description: string) {
  return { out: titled(z.boolean(), title), in: titled(z.boolean().default(false), title, description) };
}

/** A description section of a product or package (spec: description_titles). */
export const descriptionSectionSchema = z.object({
  title: z.string().trim().min(1).max(100),
  content: z.string().max(5000),
});
export type DescriptionSection = z.infer<typeof descriptionSectionSchema>;

const jsonElement = {
  sections: descriptionSectionSchema,
  ids: z.number().int().min(1).max(2_147_483_647),
  files: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/),
} as const;

/** The spec's JSON fields: stored as JSON text, written as an array or as its JSON text (decision 0201). */
export function json<E extends keyof typeof jsonElement>(title: string, element: E, description: string) {
  const list = z.array(jsonElement[element]).max(100);
  return {
    out: titled(z.array(jsonElement[element]), title),
    in: z
      .union([z.string(), z.array(z.unknown())], { error: `${title}必須是 JSON 陣列` })
      .default('[]')
      .transform((value, context) => {
        let parsed: unknown = value;
        if (typeof value === 'string') {
          try {
            parsed = JSON.parse(value.trim() === '' ? '[]' : value);
          } catch {
            context.addIssue({ code: 'custom', message: `${title}不是有效的 JSON` });
            return z.NEVER;
          }
        }
        const checked = list.safeParse(parsed);
        if (!checked.success) {
          context.addIssue({ code: 'custom', message: `${title}的 JSON 格式不符：${description}` });
          return z.NEVER;
        }
        return checked.data;
      })
      .meta({ title, widget: 'json', description }),
  };
}

const statusField = {
  out: titled(z.number().int(), '狀態'),
  in: titled(
    z
      .number({ error: '狀態必須是 0、1 或 2' })
      .int({ error: '狀態必須是 0、1 或 2' })
      .min(0, { error: '狀態必須是 0、1 或 2' })
      .max(2, { error: '狀態必須是 0、1 或 2' })
      .default(1),
    '狀態',
    '0 停用、1 啟用（公開）、2 未啟用',
  ),
};

export const picField = (title = '圖片') => text(title, { max: 200, required: false });

/** Who may see a collection's rows in the product API. */
export type CatalogueVisibility = 'active' | 'truthy';

interface CollectionSpec {
  /** The list call's path under /api/v1 (also the admin resource name). */
  path: string;
  label: string;
  fields: Record<string, FieldSpec>;
  visibility: CatalogueVisibility;
  /** Sort order of the list. */
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  titleKey: string;
  columns: readonly string[];
}

export function collection<const Spec extends CollectionSpec>(spec: Spec) {
  const outFields = Object.fromEntries(Object.entries(spec.fields).map(([key, field]) => [key, field.out])) as {
    [K in keyof Spec['fields']]: Spec['fields'][K]['out'];
  };
  const inFields = Object.fromEntries(Object.entries(spec.fields).map(([key, field]) => [key, field.in])) as {
    [K in keyof Spec['fields']]: Spec['fields'][K]['in'];
  };
  const row = z.object({
    id: titled(z.number().int(), '編號'),
    ...outFields,
    status: statusField.out,
    created_at: titled(dateTime, '建立時間'),
    updated_at: titled(dateTime, '更新時間'),
  });
  const input = z.object({ ...inFields, status: statusField.in });
  return { ...spec, row, input };
}

export const byTypeIndex = [
  ['index_id', 'asc'],
  ['id', 'asc'],
] as const;
export const newestFirst = [
  ['created_at', 'desc'],
  ['id', 'desc'],
] as const;
