import { z } from 'zod';
import { emptyBody, idSchema } from './envelopes';
import { safeHtmlSchema } from './safe-html-schema';
import { photosPerGroup } from './uploads';

/**
 * The consultation form, its towns and villages (/town, /vill), /advNew and the photo upload.
 * The browser validates
 * with these schemas and the server again, with the same Chinese messages.
 */

export const consultationFormMessages = {
  nameRequired: '請輸入姓名',
  nameTooLong: '姓名不可超過 50 個字',
  emailRequired: '請輸入電子郵件',
  emailInvalid: '電子郵件格式不正確',
  phoneRequired: '請輸入聯絡電話',
  phoneInvalid: '請輸入正確的電話號碼，例如手機 0912-345-678 或市話 02-2345-6789',
  countyRequired: '請選擇縣市',
  townshipRequired: '請選擇鄉鎮市區',
  townshipUnknown: '請選擇清單中的鄉鎮市區',
  cropRequired: '請輸入作物名稱',
  cropTooLong: '作物名稱不可超過 50 個字',
  descriptionRequired: '請描述作物發生的狀況',
  descriptionTooLong: '狀況描述不可超過 2000 個字',
  keyInvalid: '表單識別碼有誤，請重新整理頁面後再試',
  /** The spec's alert when no far photo was sent. */
  farPhotoRequired: '請至少上傳一張遠照',
  groupFull: `每組照片最多 ${photosPerGroup} 張`,
  groupInvalid: '照片分類有誤',
  caseNotFound: '找不到這筆諮詢，請重新送出',
  tokenInvalid: '上傳憑證有誤，請重新送出',
  photosMissing: '照片尚未全部上傳完成，請重試',
  caseClosed: '這筆諮詢已送出，無法再上傳照片',
  /** The spec's alert when sending fails. */
  submitFailed: '發生錯誤',
  followNotFound: '找不到這筆諮詢，連結可能有誤',
  withdrawConfirm: '請確認要撤回並刪除這筆諮詢',
} as const;

/** The consent question of step 1: unticked by default; absent on /advNew means no. */
export const publishConsentLabel = '我同意本案在專家回覆後以匿名方式公開於「圖像諮詢問答」，作為其他農友的參考';
/** What the consent means, beside the checkbox. */
export const publishConsentHint =
  '選填。公開時只顯示日期、名字的第一個字（例如「王OO」）、地點、作物、狀況描述、照片與專家回覆，不含聯絡方式。不勾選時，這筆諮詢只有您與負責的工作人員看得到。';

/** How long a case never published keeps its personal data and photos (CONSULTATION_RETENTION_MONTHS). */
export const defaultRetentionMonths = 24;

/**
 * What the form says before sending: who reads the case, that the answer is mailed, how
 * long it is kept. `months` is the configured retention.
 */
export function consultationNoticeParagraphs(months: number): string[] {
  return [
    '您填寫的姓名、電話、電子郵件、地點、作物、狀況描述與照片，只用於回覆這筆諮詢：由本所指派的專家與系統管理員閱讀，其他工作人員看不到您的聯絡資料。',
    '專家的回覆會寄到您填寫的電子郵件，信中附有只給您本人的查看連結；您可以隨時透過這個連結撤回並刪除這筆諮詢。',
    `未公開的案件，在回覆後 ${months} 個月（未回覆則自送出起 ${months} 個月）刪除您的個人資料與照片。`,
  ];
}

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((value) => !controlCharacters.test(value), { error: '內容含有不允許的控制字元' });

/**
 * A Taiwan phone number as people write it: a mobile (09xx-xxx-xxx, or +886 9xx…) or a landline
 * with its area code (02-2345-6789, 037-123456, 0836-12345, 049-2345678), spaces, hyphens and
 * brackets allowed, an extension after # or 分機 allowed.
 */
export function isTaiwanPhone(value: string): boolean {
  const withoutExtension = value.replace(/\s*(#|分機|ext\.?)\s*\d{1,6}$/i, '');
  let digits = withoutExtension.replace(/[\s\-()（）]/g, '');
  if (digits.startsWith('+886')) digits = `0${digits.slice(4).replace(/^0/, '')}`;
  if (!/^\d+$/.test(digits)) return false;
  return /^09\d{8}$/.test(digits) || /^0[2-8]\d{7,8}$/.test(digits);
}

export const taiwanPhoneSchema = z
  .string({ error: consultationFormMessages.phoneRequired })
  .trim()
  .min(1, { error: consultationFormMessages.phoneRequired })
  .max(30, { error: consultationFormMessages.phoneInvalid })
  .refine(isTaiwanPhone, { error: consultationFormMessages.phoneInvalid });

/** County ids are the county's name as the township list gives it ('臺北市'). */
export const countyIdSchema = z
  .string({ error: consultationFormMessages.countyRequired })
  .trim()
  .min(1, { error: consultationFormMessages.countyRequired })
  .max(10, { error: consultationFormMessages.countyRequired });

/** Step 1 of the form as the browser holds it. */
export const consultationBasicsSchema = z.object({
  name: requiredText(consultationFormMessages.nameRequired, consultationFormMessages.nameTooLong, 50),
  email: z
    .string({ error: consultationFormMessages.emailRequired })
    .trim()
    .min(1, { error: consultationFormMessages.emailRequired })
    .max(254, { error: consultationFormMessages.emailInvalid })
    .pipe(z.email({ error: consultationFormMessages.emailInvalid })),
  tel: taiwanPhoneSchema,
  city: countyIdSchema,
  area: requiredText(consultationFormMessages.townshipRequired, consultationFormMessages.townshipUnknown, 10),
  plant: requiredText(consultationFormMessages.cropRequired, consultationFormMessages.cropTooLong, 50),
  desc: requiredText(consultationFormMessages.descriptionRequired, consultationFormMessages.descriptionTooLong, 2000),
});
export type ConsultationBasics = z.infer<typeof consultationBasicsSchema>;

/** The idempotency key a browser makes once per form (a random UUID). */
export const idempotencyKeySchema = z.uuid({ error: consultationFormMessages.keyInvalid });

/** /town: the counties (C_Name). */
export const townCall = {
  body: emptyBody,
  data: z.array(z.object({ County_ID: z.string(), C_Name: z.string() })).describe("Taiwan's 22 counties and cities"),
};

/** /vill {a1: county id}: the county's townships (T_Name). */
export const villCall = {
  body: z.object({ a1: countyIdSchema.describe('County_ID from /town') }),
  data: z.array(z.object({ T_Name: z.string() })).describe("The county's townships (368 in all)"),
};

/**
 * /advNew in the spec's order (a1 area … a6 description), plus this site's additions: `city` (the
 * county, needed where two counties have a township of the same name, e.g. 東區), `key` (the
 * idempotency key) and `altcha` (the robot check, for visitors).
 */
export const advNewCall = {
  body: z.object({
    a1: consultationBasicsSchema.shape.area.describe('Township (area)'),
    a2: consultationBasicsSchema.shape.plant.describe('Crop'),
    a3: consultationBasicsSchema.shape.name.describe('Name'),
    a4: consultationBasicsSchema.shape.tel.describe('Phone (Taiwan mobile or landline)'),
    a5: consultationBasicsSchema.shape.email.describe('E-mail'),
    a6: consultationBasicsSchema.shape.desc.describe('Description'),
    city: countyIdSchema
      .optional()
      .describe("This site's addition: the county (County_ID); required where the township name is not unique"),
    key: idempotencyKeySchema.describe("This site's addition: the idempotency key, a random UUID made once per form"),
    altcha: z.string().max(8192).optional().describe("This site's addition: ALTCHA payload, required of visitors"),
    publishConsent: z
      .boolean({ error: '公開同意的格式有誤' })
      .optional()
      .describe(
        "This site's addition: true when the asker agrees that the answered case may be published as an anonymised example; absent or false means no",
      ),
  }),
  response: z.object({
    d: z.number().int().describe('The new case id (the same for the same key)'),
    token: z
      .string()
      .describe("This site's addition: the upload token the photo uploads and the closing call must carry"),
  }),
};

export const photoGroups = ['pic1', 'pic2', 'pic3'] as const;
export const photoGroupSchema = z.enum(photoGroups, { error: consultationFormMessages.groupInvalid });
export type PhotoGroup = z.infer<typeof photoGroupSchema>;
/** The spec's three photo groups: far, crop close-up, pest close-up. */
export const photoGroupLabels: Record<PhotoGroup, string> = {
  pic1: '遠照',
  pic2: '作物近照',
  pic3: '病蟲害近照',
};

/** The text fields of the photo upload (multipart: id, cl, token, then file). */
export const advPhotoFields = z.object({
  id: idSchema,
  cl: photoGroupSchema,
  token: z
    .string({ error: consultationFormMessages.tokenInvalid })
    .min(1, { error: consultationFormMessages.tokenInvalid }),
});

export const advPhotoResponse = z.object({
  d: z.object({
    photoId: z.number().int(),
    group: photoGroupSchema,
    fileName: z.string(),
    photos: z.number().int().describe('Photos the case holds now'),
  }),
});

/**
 * /advDone (this site's addition, after the last photo): the case is complete with `photos`
 * photos; it becomes visible to staff and the asker gets the mail with the follow link.
 */
export const advDoneCall = {
  body: z.object({
    key: idempotencyKeySchema,
    token: z.string().min(1, { error: consultationFormMessages.tokenInvalid }).max(200),
    photos: z
      .number()
      .int()
      .min(1, { error: consultationFormMessages.farPhotoRequired })
      .max(photosPerGroup * photoGroups.length, { error: consultationFormMessages.groupFull }),
  }),
  data: z.object({ id: z.number().int().describe('The case number') }),
};

/**
 * The asker withdraws their case through the private follow link: the token from the
 * mail and an explicit confirmation (the page's second step).
 */
export const withdrawCaseInput = z.object({
  token: z.string({ error: consultationFormMessages.followNotFound }).min(20).max(100),
  confirm: z.preprocess(
    (value) => value === true || value === 'on' || value === 'true' || value === 'yes',
    z.literal(true, { error: consultationFormMessages.withdrawConfirm }),
  ),
});

/** What a withdrawal did: the case is gone, or it stays only as the anonymised published example. */
export const withdrawCaseResult = z.object({
  caseId: z.number().int(),
  keptAnonymised: z.boolean().describe('True when the published answer stays, anonymised, as the asker agreed'),
});
export type WithdrawCaseResult = z.infer<typeof withdrawCaseResult>;

/** The asker's view of their case through the private follow link (no login). */
export const followedCaseSchema = z.object({
  id: z.number().int(),
  status: z.enum(['submitted', 'answered']),
  submittedAt: z.string(),
  county: z.string(),
  township: z.string(),
  crop: z.string(),
  description: z.string(),
  askerName: z.string(),
  photos: z.array(z.object({ id: z.number().int(), group: photoGroupSchema, url: z.string() })),
  replyHtml: safeHtmlSchema.nullable(),
  repliedAt: z.string().nullable(),
  published: z.boolean(),
  publishConsent: z.boolean().describe('Whether the asker agreed to publication'),
});
export type FollowedCase = z.infer<typeof followedCaseSchema>;
