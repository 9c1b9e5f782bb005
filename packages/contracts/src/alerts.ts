import { z } from 'zod';
import { defineAdminContract } from './admin';
import { alertChannels } from './alerts-vocabulary';

/**
 * Pest alerts (病蟲害警報, decisions 0402–0404): editors publish a short alert for a crop of the one
 * crop vocabulary and the counties it concerns, active between two dates; farmers subscribe by crop
 * and county by Web Push, e-mail (confirmed by a link first) or LINE, and receive each alert once.
 */
export const alertCounties = [
  '基隆市',
  '臺北市',
  '新北市',
  '桃園市',
  '新竹市',
  '新竹縣',
  '苗栗縣',
  '臺中市',
  '彰化縣',
  '南投縣',
  '雲林縣',
  '嘉義市',
  '嘉義縣',
  '臺南市',
  '高雄市',
  '屏東縣',
  '宜蘭縣',
  '花蓮縣',
  '臺東縣',
  '澎湖縣',
  '金門縣',
  '連江縣',
] as const;
export type AlertCounty = (typeof alertCounties)[number];
export const alertCountySchema = z.enum(alertCounties, { error: '請選擇縣市' });

export { alertChannels, alertChannelLabels, memberAlertCancelMessages } from './alerts-vocabulary';

const day = (title: string) =>
  z
    .string({ error: `請輸入${title}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${title}格式為 YYYY-MM-DD` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)), { error: `${title}不是有效日期` })
    .meta({ title, description: '臺灣時間，格式 YYYY-MM-DD（例如 2026-12-31）。' });

const optionalId = (title: string, description: string) =>
  z.coerce
    .number({ error: `${title}必須是數字` })
    .int({ error: `${title}必須是整數` })
    .positive({ error: `${title}必須是正整數` })
    .max(2_147_483_647, { error: `${title}過大` })
    .optional()
    .meta({ title, description });

const alertFields = {
  crop: z
    .string({ error: '請輸入作物名稱' })
    .trim()
    .min(1, { error: '請輸入作物名稱' })
    .max(50, { error: '作物名稱最多 50 個字' })
    .meta({ title: '作物', description: '「作物名稱」清單中的名稱或別名，例如「水稻」。' }),
  counties: z
    .array(alertCountySchema)
    .min(1, { error: '請至少選擇一個縣市' })
    .meta({ title: '縣市', description: '警報涉及的縣市；訂閱這些縣市此作物的農友會收到。' }),
  text: z
    .string({ error: '請輸入警報內容' })
    .trim()
    .min(5, { error: '警報內容至少 5 個字' })
    .max(200, { error: '警報內容最多 200 個字（推播與 LINE 訊息需簡短）' })
    .meta({ title: '警報內容', widget: 'textarea' }),
  record_id: optionalId('病蟲害資料編號', '選填：警報所指的病蟲害資料（/search/bug/detail?id=編號）。'),
  ipm_id: optionalId('IPM 資料編號', '選填：相關的 IPM 防治資料（/IPM/detail?id=編號）。'),
  active_from: day('開始日期'),
  active_until: day('結束日期'),
};

export const alertStatuses = ['draft', 'published'] as const;

export const pestAlertsAdminContract = defineAdminContract({
  name: 'pest-alerts',
  label: '病蟲害警報',
  group: 'content',
  description: '發布後，訂閱該作物與縣市的農友會以推播、電子郵件或 LINE 各收到一次；期間內顯示在首頁與作物頁面。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    crop: z.string().meta({ title: '作物' }),
    counties: z.array(alertCountySchema).meta({ title: '縣市' }),
    text: z.string().meta({ title: '警報內容', widget: 'textarea' }),
    record_id: z.number().int().nullable().meta({ title: '病蟲害資料編號' }),
    ipm_id: z.number().int().nullable().meta({ title: 'IPM 資料編號' }),
    active_from: z.string().meta({ title: '開始日期' }),
    active_until: z.string().meta({ title: '結束日期' }),
    status: z.enum(alertStatuses).meta({ title: '狀態', optionLabels: { draft: '草稿', published: '已發布' } }),
    delivered: z.number().int().meta({ title: '已送出' }),
    line_unsent: z.number().int().meta({ title: 'LINE 未送出' }),
  }),
  idKey: 'id',
  titleKey: 'text',
  columns: ['crop', 'counties', 'active_from', 'active_until', 'status', 'delivered', 'line_unsent'],
  sortable: ['active_from'],
  defaultSort: { key: 'id', direction: 'desc' },
  filters: z.object({
    status: z
      .enum(alertStatuses)
      .optional()
      .meta({ title: '狀態', optionLabels: { draft: '草稿', published: '已發布' } }),
  }),
  create: z.object(alertFields),
  update: z.object(alertFields),
  actions: [
    {
      name: 'publish',
      label: '發布並通知訂閱者',
      doneMessage: '已發布，正在通知訂閱者。',
      when: { key: 'status', equals: 'draft' },
    },
  ],
});
export type PestAlertInput = z.output<NonNullable<typeof pestAlertsAdminContract.create>>;

/** An active alert as pages show it. */
export const activeAlert = z.object({
  id: z.number().int(),
  crop: z.string(),
  cropId: z.number().int(),
  counties: z.array(z.string()),
  text: z.string(),
  recordId: z.number().int().nullable(),
  ipmId: z.number().int().nullable(),
  activeUntil: z.string(),
});
export type ActiveAlert = z.infer<typeof activeAlert>;

/** A farmer's subscription by e-mail: crop, counties and the address (confirmed by a link first). */
export const alertEmailSubscribeInput = z.object({
  crop: alertFields.crop,
  counties: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(alertCountySchema, { error: '請至少選擇一個縣市' }).min(1, { error: '請至少選擇一個縣市' }),
  ),
  email: z.email({ error: '請輸入有效的電子郵件' }).max(200, { error: '電子郵件最多 200 個字' }),
});
/** By push: crop, counties and this browser's subscription. */
export const alertPushSubscribeInput = z.object({
  crop: alertFields.crop,
  counties: alertEmailSubscribeInput.shape.counties,
  subscription: z.unknown(),
});
/**
 * By LINE (decision 0420): crop and counties only. The LINE identity is the one the server verified
 * for the discussion session, so a body naming a LINE user id is refused (strict object).
 */
export const alertLineSubscribeInput = z.strictObject(
  { crop: alertFields.crop, counties: alertEmailSubscribeInput.shape.counties },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'LINE 身分由登入決定，不接受其他欄位' : undefined) },
);
/** Ending LINE subscriptions: one crop's, or every one without a crop. */
export const alertLineUnsubscribeInput = z.strictObject({ crop: alertFields.crop.optional() });
export const alertTokenInput = z.object({ token: z.string().min(20).max(100) });
export const alertSubscribeResult = z.object({ status: z.enum(['confirm-sent', 'subscribed']) });

/**
 * One of a member's own subscriptions as /member lists it (decision 0426): one crop in one county by
 * one channel, since when, and whether an e-mail one waits for its confirmation link.
 */
export const memberAlertSubscription = z.object({
  id: z.number().int(),
  channel: z.enum(alertChannels),
  crop: z.string(),
  county: z.string(),
  /** An e-mail one's address (the member's own, or one they subscribed while signed in); null for others. */
  email: z.string().nullable(),
  confirmed: z.boolean(),
  createdAt: z.string(),
});
export type MemberAlertSubscription = z.infer<typeof memberAlertSubscription>;
/** Which subscription to cancel: a positive id from the member's list. */
export const memberAlertCancelInput = z.object({
  id: z.coerce
    .number({ error: '請選擇要取消的訂閱' })
    .int({ error: '請選擇要取消的訂閱' })
    .positive({ error: '請選擇要取消的訂閱' })
    .max(2_147_483_647, { error: '請選擇要取消的訂閱' }),
});
