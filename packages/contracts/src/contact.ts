import { z } from 'zod';
import { defineAdminContract } from './admin';
import { productResponse } from './envelopes';

/**
 * The contact form (`POST contacts`) and the short feedback form of the header; both land in one staff inbox in /admin. The
 * browser validates with these schemas and the server again, with the same messages.
 */

/**
 * The spec's alerts, in Traditional Chinese with the spec's English words after them
 * (decision 0216): the Chinese is what a farmer reads, the English what the spec's client compared.
 */
export const contactMessages = {
  sent: '表單已成功送出，我們會盡快與您聯繫！',
  sentEnglish: 'The form has been sent successfully, we will contact you as soon as possible!',
  failed: '表單送出失敗，請稍後再試！',
  failedEnglish: 'Failed to send the form, please try again later!',
  robotMissing: '請完成「我不是機器人」驗證',
  robotMissingEnglish: 'Please verify that I am not a robot',
  nameRequired: '請輸入姓名',
  nameTooLong: '姓名不可超過 50 個字',
  emailRequired: '請輸入電子郵件',
  emailInvalid: '電子郵件格式不正確',
  companyRequired: '請輸入公司或單位名稱',
  companyTooLong: '公司或單位名稱不可超過 100 個字',
  countryRequired: '請選擇國家或地區',
  industryInvalid: '請選擇清單中的產業別',
  telephoneRequired: '請輸入聯絡電話',
  telephoneInvalid: '電話號碼只能包含數字、空白、+、-、#、括號，例如 02-2345-6789',
  faxInvalid: '傳真號碼只能包含數字、空白、+、-、#、括號',
  addressTooLong: '地址不可超過 200 個字',
  websiteInvalid: '網站請以 http:// 或 https:// 開頭，例如 https://www.example.org',
  titleRequired: '請輸入主旨',
  titleTooLong: '主旨不可超過 100 個字',
  messageRequired: '請輸入留言內容',
  /** at most 200 characters. */
  messageTooLong: '留言內容不可超過 200 個字',
  keyInvalid: '表單識別碼有誤，請重新整理頁面後再試',
  feedbackRequired: '請輸入您的意見',
  feedbackTooLong: '意見不可超過 1000 個字',
  replyRequired: '請輸入回覆內容',
} as const;

/** The robot-check message as the page shows it: Chinese, then the spec's words. */
export const robotMissingMessage = `${contactMessages.robotMissing}（${contactMessages.robotMissingEnglish}）`;

/** the contact message holds at most 200 characters. */
export const contactMessageMaxLength = 200;

/** The fixed country list (its entries are not shown — decision 0215). */
export const contactCountries = [
  'TW',
  'JP',
  'KR',
  'CN',
  'HK',
  'MO',
  'SG',
  'MY',
  'TH',
  'VN',
  'PH',
  'ID',
  'IN',
  'US',
  'CA',
  'AU',
  'NZ',
  'GB',
  'DE',
  'FR',
  'NL',
  'OTHER',
] as const;
export type ContactCountry = (typeof contactCountries)[number];
export const contactCountryLabels: Record<ContactCountry, string> = {
  TW: '臺灣',
  JP: '日本',
  KR: '韓國',
  CN: '中國大陸',
  HK: '香港',
  MO: '澳門',
  SG: '新加坡',
  MY: '馬來西亞',
  TH: '泰國',
  VN: '越南',
  PH: '菲律賓',
  ID: '印尼',
  IN: '印度',
  US: '美國',
  CA: '加拿大',
  AU: '澳洲',
  NZ: '紐西蘭',
  GB: '英國',
  DE: '德國',
  FR: '法國',
  NL: '荷蘭',
  OTHER: '其他',
};

/** The fixed industry list (its entries are not shown — decision 0215). */
export const contactIndustries = [
  'farming',
  'cooperative',
  'agrochemical',
  'seed',
  'food',
  'retail',
  'research',
  'government',
  'media',
  'other',
] as const;
export type ContactIndustry = (typeof contactIndustries)[number];
export const contactIndustryLabels: Record<ContactIndustry, string> = {
  farming: '農業生產（農民、農場）',
  cooperative: '農會、合作社、產銷班',
  agrochemical: '農藥、肥料、資材',
  seed: '種苗',
  food: '食品加工',
  retail: '通路、貿易',
  research: '學術研究、教育',
  government: '政府機關',
  media: '媒體',
  other: '其他',
};

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const controlCharactersOrNewline = /[\u0000-\u001f\u007f]/;

const requiredLine = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((value) => !controlCharactersOrNewline.test(value), { error: '內容含有不允許的控制字元' });

/** An optional text field: an empty box is "not given". */
const optionalLine = (tooLong: string, max: number) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !controlCharactersOrNewline.test(value), { error: '內容含有不允許的控制字元' })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Any country's number: digits with the separators people write (the site also hears from abroad). */
const phonePattern = /^\+?[0-9\s\-()#*.]{6,30}$/;
const hasDigits = (value: string) => (value.match(/[0-9]/g) ?? []).length >= 6;

/** Form values arrive as strings; an empty select is "not chosen". */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The idempotency key the form makes once: a retried or double-clicked submit creates one message. */
export const contactKeySchema = z.uuid({ error: contactMessages.keyInvalid });

/** The contact form's fields. */
export const contactFormSchema = z.object({
  name: requiredLine(contactMessages.nameRequired, contactMessages.nameTooLong, 50),
  email: z
    .string({ error: contactMessages.emailRequired })
    .trim()
    .min(1, { error: contactMessages.emailRequired })
    .max(254, { error: contactMessages.emailInvalid })
    .pipe(z.email({ error: contactMessages.emailInvalid })),
  company_name: requiredLine(contactMessages.companyRequired, contactMessages.companyTooLong, 100),
  industry: z.preprocess(
    emptyToUndefined,
    z.enum(contactIndustries, { error: contactMessages.industryInvalid }).optional(),
  ),
  country: z.preprocess(emptyToUndefined, z.enum(contactCountries, { error: contactMessages.countryRequired })),
  address: optionalLine(contactMessages.addressTooLong, 200),
  telephone: z
    .string({ error: contactMessages.telephoneRequired })
    .trim()
    .min(1, { error: contactMessages.telephoneRequired })
    .max(30, { error: contactMessages.telephoneInvalid })
    .refine((value) => phonePattern.test(value) && hasDigits(value), { error: contactMessages.telephoneInvalid }),
  fax: z
    .string({ error: contactMessages.faxInvalid })
    .trim()
    .max(30, { error: contactMessages.faxInvalid })
    .refine((value) => value === '' || (phonePattern.test(value) && hasDigits(value)), {
      error: contactMessages.faxInvalid,
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  website: z
    .string({ error: contactMessages.websiteInvalid })
    .trim()
    .max(200, { error: contactMessages.websiteInvalid })
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      error: contactMessages.websiteInvalid,
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  title: requiredLine(contactMessages.titleRequired, contactMessages.titleTooLong, 100),
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, { error: contactMessages.messageRequired })
    .max(contactMessageMaxLength, { error: contactMessages.messageTooLong })
    .refine((value) => !controlCharacters.test(value), { error: '內容含有不允許的控制字元' }),
});
export type ContactForm = z.output<typeof contactFormSchema>;

/** The robot check's answer: the spec's `token`, here the ALTCHA payload (decision 0123). */
const robotToken = z
  .string({ error: robotMissingMessage })
  .min(1, { error: robotMissingMessage })
  .max(8192, { error: robotMissingMessage });

/** `POST /api/v1/contacts` (`key` is this site's addition). */
export const createContactBody = contactFormSchema
  .extend({
    token: robotToken.optional(),
    key: contactKeySchema,
  })
  .meta({ id: 'ContactCreate' });

export const contactCreatedResponse = productResponse(
  z.object({
    id: z.number().int(),
    /** a message starts inactive (0) until staff handle it. */
    status: z.number().int(),
    message: z.string(),
  }),
);

/** The short feedback form: the header's feedback link when no outside form is set. */
export const feedbackFormSchema = z.object({
  message: z
    .string({ error: contactMessages.feedbackRequired })
    .trim()
    .min(1, { error: contactMessages.feedbackRequired })
    .max(1000, { error: contactMessages.feedbackTooLong })
    .refine((value) => !controlCharacters.test(value), { error: '內容含有不允許的控制字元' }),
  name: optionalLine(contactMessages.nameTooLong, 50),
  email: z
    .string({ error: contactMessages.emailInvalid })
    .trim()
    .max(254, { error: contactMessages.emailInvalid })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: contactMessages.emailInvalid })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type FeedbackForm = z.output<typeof feedbackFormSchema>;

/** `POST /api/v1/feedback` (this site's addition): the feedback form, robot check and idempotency key. */
export const createFeedbackBody = feedbackFormSchema
  .extend({ token: robotToken.optional(), key: contactKeySchema, page: z.string().max(300).optional() })
  .meta({ id: 'FeedbackCreate' });

export const contactKinds = ['contact', 'feedback'] as const;
export const contactKindLabels: Record<(typeof contactKinds)[number], string> = {
  contact: '聯絡我們',
  feedback: '意見回饋',
};

export const contactHandledFilter = ['no', 'yes'] as const;
export const contactHandledLabels: Record<(typeof contactHandledFilter)[number], string> = {
  no: '未處理',
  yes: '已處理',
};

/** The staff inbox: every contact and feedback message, newest first. */
export const contactInboxAdminContract = defineAdminContract({
  name: 'contact-messages',
  group: 'answer',
  label: '聯絡信箱',
  description: '「聯絡我們」與意見回饋表單送來的訊息：回覆會寄到來信者的電子郵件，並標為已處理。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    kind: z.enum(contactKinds).meta({ title: '來源', optionLabels: contactKindLabels }),
    title: z.string().meta({ title: '主旨' }),
    name: z.string().meta({ title: '姓名' }),
    email: z.string().meta({ title: '電子郵件' }),
    company_name: z.string().meta({ title: '公司或單位' }),
    country: z.string().meta({ title: '國家或地區' }),
    industry: z.string().meta({ title: '產業別' }),
    telephone: z.string().meta({ title: '電話' }),
    fax: z.string().meta({ title: '傳真' }),
    address: z.string().meta({ title: '地址' }),
    website: z.string().meta({ title: '網站' }),
    message: z.string().meta({ title: '留言內容', widget: 'textarea' }),
    handled: z.boolean().meta({ title: '已處理' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '送出時間' }),
    handled_at: z.iso.datetime({ offset: true }).nullable().meta({ title: '處理時間' }),
    handled_by: z.string().nullable().meta({ title: '處理人' }),
    reply: z.string().nullable().meta({ title: '回覆內容', widget: 'textarea' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'kind', 'title', 'name', 'email', 'created_at', 'handled'],
  // Who wrote and how to reach them: the reply is mailed by the site, so only admins need them (decision 0299).
  personalFields: ['name', 'email', 'company_name', 'telephone', 'fax', 'address', 'website'],
  personalFilters: ['q'],
  sortable: ['id', 'created_at'],
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
    handled: z
      .enum(contactHandledFilter, { error: '不明的處理狀態' })
      .optional()
      .meta({ title: '處理狀態', optionLabels: contactHandledLabels }),
    kind: z
      .enum(contactKinds, { error: '不明的來源' })
      .optional()
      .meta({ title: '來源', optionLabels: contactKindLabels }),
  }),
  // "Edit" is the reply: the text is mailed to the sender and the message is marked handled.
  updateWords: { verb: '回覆', submit: '寄出回覆', done: '已寄出回覆，並標為已處理。' },
  update: z.object({
    reply: z
      .string({ error: contactMessages.replyRequired })
      .trim()
      .min(1, { error: contactMessages.replyRequired })
      .max(5000, { error: '回覆最多 5000 個字' })
      .meta({
        title: '回覆內容',
        widget: 'textarea',
        description: '寄出後以電子郵件寄給來信者，並將這則訊息標為已處理。',
      }),
  }),
  actions: [
    {
      name: 'mark-handled',
      label: '標為已處理',
      doneMessage: '已標為已處理。',
      when: { key: 'handled', equals: false },
    },
  ],
});
