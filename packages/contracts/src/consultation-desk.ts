import { z } from 'zod';
import { defineAdminContract } from './admin';
import { deskCaseStatusLabels, deskCaseStatuses } from './consultation-desk-vocabulary';
import { safeHtmlSchema } from './safe-html-schema';

/**
 * The expert desk in /admin: the queue of image consultations, the case view, the
 * reply with its links, publishing, the staff note, assignment, and the follow-up eight days after
 * the reply. The server validates every desk write with these schemas; the desk pages too.
 */

// The states' names live without zod: /member's cases section is in the home page's JavaScript (decision 0086).
export * from './consultation-desk-vocabulary';

/** The respond-by clock: a case waiting longer than this without a reply is highlighted. */
export const deskRespondByHours = 48;
/** The respond-by clock in words: '已回覆', '剩 5 小時', or '⚠ 已逾時 3 小時' past the mark. */
export function respondByText(status: 'submitted' | 'answered', submittedAt: Date, now = Date.now()): string {
  if (status === 'answered') return '已回覆';
  const left = (submittedAt.getTime() + deskRespondByHours * 3_600_000 - now) / 3_600_000;
  return left >= 0 ? `剩 ${Math.floor(left)} 小時` : `⚠ 已逾時 ${Math.floor(-left)} 小時`;
}

/** The follow-up question goes out this many days after the (first) reply. */
export const deskFollowUpDays = 8;

export const deskAges = ['overdue', 'within-48h', 'older-than-7d'] as const;
export const deskAgeLabels: Record<(typeof deskAges)[number], string> = {
  overdue: '逾 48 小時未回覆',
  'within-48h': '48 小時內送出',
  'older-than-7d': '送出超過 7 天',
};

export const deskAssignments = ['mine', 'unassigned'] as const;
export const deskAssignmentLabels: Record<(typeof deskAssignments)[number], string> = {
  mine: '指派給我',
  unassigned: '尚未指派',
};

/** The one question of the follow-up mail, and its one-click answers. */
export const followUpQuestion = '這個回覆解決您的問題了嗎？';
export const followUpAnswers = ['solved', 'partly', 'unsolved'] as const;
export type FollowUpAnswer = (typeof followUpAnswers)[number];
export const followUpAnswerLabels: Record<FollowUpAnswer, string> = {
  solved: '已解決',
  partly: '部分解決',
  unsolved: '沒有解決',
};

/** The queue: submitted and answered cases (never those still receiving photos). */
export const deskCasesAdminContract = defineAdminContract({
  name: 'consultation-cases',
  group: 'answer',
  label: '諮詢案件',
  description: '民眾送出的影像諮詢：依作物、縣市與等候時間篩選，指派專家、回覆並決定是否公開。',
  row: z.object({
    id: z.number().int().meta({ title: '案件編號' }),
    title: z.string().meta({ title: '案件' }),
    status: z.enum(deskCaseStatuses).meta({ title: '狀態', optionLabels: deskCaseStatusLabels }),
    overdue: z.boolean().meta({ title: '逾 48 小時未回覆' }),
    /** The respond-by clock as the list shows it: time left, or how long past the 48 hours. */
    respond_by: z.string().meta({ title: '回覆期限' }),
    crop_name: z.string().meta({ title: '作物' }),
    county_name: z.string().meta({ title: '縣市' }),
    township_name: z.string().meta({ title: '鄉鎮市區' }),
    submitted_at: z.iso.datetime({ offset: true }).meta({ title: '送出時間' }),
    assigned_expert: z.string().nullable().meta({ title: '指派專家' }),
    replied_at: z.iso.datetime({ offset: true }).nullable().meta({ title: '回覆時間' }),
    published: z.boolean().meta({ title: '已公開' }),
    follow_up_answer: z
      .enum(followUpAnswers)
      .nullable()
      .meta({ title: '追蹤回答', optionLabels: followUpAnswerLabels }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'respond_by', 'status', 'crop_name', 'county_name', 'submitted_at', 'assigned_expert', 'published'],
  sortable: ['id', 'submitted_at', 'replied_at'],
  defaultSort: { key: 'submitted_at', direction: 'asc' },
  filters: z.object({
    status: z
      .enum(deskCaseStatuses, { error: '不明的狀態' })
      .optional()
      .meta({ title: '狀態', optionLabels: deskCaseStatusLabels }),
    crop: z.string().trim().max(50, { error: '最多 50 個字' }).optional().meta({ title: '作物' }),
    county: z.string().trim().max(10, { error: '最多 10 個字' }).optional().meta({ title: '縣市' }),
    age: z
      .enum(deskAges, { error: '不明的等候時間' })
      .optional()
      .meta({ title: '等候時間', optionLabels: deskAgeLabels }),
    assigned: z
      .enum(deskAssignments, { error: '不明的指派條件' })
      .optional()
      .meta({ title: '指派', optionLabels: deskAssignmentLabels }),
  }),
});

/** Follow-up answers counted per expert or per crop. */
export const followUpGroupings = ['expert', 'crop'] as const;
export const followUpGroupingLabels: Record<(typeof followUpGroupings)[number], string> = {
  expert: '依專家',
  crop: '依作物',
};

export const followUpStatsAdminContract = defineAdminContract({
  name: 'consultation-follow-ups',
  group: 'answer',
  label: '諮詢追蹤結果',
  description: '回覆 8 天後寄出的追蹤問題「這個回覆解決您的問題了嗎？」的回答，依專家或作物統計。',
  row: z.object({
    key: z.string().meta({ title: '代碼' }),
    name: z.string().meta({ title: '名稱' }),
    replied: z.number().int().meta({ title: '已回覆案件' }),
    asked: z.number().int().meta({ title: '已寄追蹤' }),
    solved: z.number().int().meta({ title: '已解決' }),
    partly: z.number().int().meta({ title: '部分解決' }),
    unsolved: z.number().int().meta({ title: '沒有解決' }),
    unanswered: z.number().int().meta({ title: '尚未回答' }),
  }),
  idKey: 'key',
  id: z.string().max(40),
  titleKey: 'name',
  columns: ['name', 'replied', 'asked', 'solved', 'partly', 'unsolved', 'unanswered'],
  sortable: ['name', 'replied'],
  defaultSort: { key: 'replied', direction: 'desc' },
  filters: z.object({
    by: z
      .enum(followUpGroupings, { error: '不明的統計方式' })
      .default('expert')
      .meta({ title: '統計方式', optionLabels: followUpGroupingLabels }),
  }),
});

const idList = (label: string) =>
  z
    .array(
      z.coerce
        .number({ error: `${label}編號必須是數字` })
        .int()
        .positive({ error: `${label}編號必須是正整數` }),
    )
    .max(20, { error: `${label}最多 20 筆` })
    .default([]);

/**
 * Reads "12, 15 18" (what a text box holds) as a list of ids; a list passes through. Anything else
 * is left for the schema to refuse.
 */
export function idsFromText(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return value;
  const parts = value.split(/[\s,，、]+/).filter(Boolean);
  return parts;
}

/**
 * The reply: plain text with a small formatting subset (decision 0171) — a blank line starts a
 * paragraph, lines starting with "- " are a list, **text** is bold, http(s) addresses become links.
 * The server turns it into sanitised HTML (`replyTextToHtml`, then `sanitizeRichText`).
 */
export const deskReplyInput = z.object({
  reply: z
    .string({ error: '請輸入回覆內容' })
    .trim()
    .min(1, { error: '請輸入回覆內容' })
    .max(10_000, { error: '回覆最多 10000 個字' }),
  recordIds: z.preprocess(idsFromText, idList('病蟲害記錄')),
  ipmIds: z.preprocess(idsFromText, idList('IPM 資料')),
  /** Publish with the reply (the asker's name masked, no contact); false keeps the case private. */
  publish: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()).default(false),
});
export type DeskReplyInput = z.output<typeof deskReplyInput>;

/** The reply's links found by a typed name (decision 0375): `GET /api/v1/admin/consultation/link-targets`. */
export const deskLinkKinds = ['record', 'ipm'] as const;
export const deskLinkTargetQuery = z.object({
  kind: z.enum(deskLinkKinds, { error: '請選擇病蟲害記錄或 IPM 資料' }),
  q: z.string({ error: '請輸入名稱' }).trim().min(1, { error: '請輸入名稱' }).max(50, { error: '名稱最多 50 個字' }),
});
export type DeskLinkTargetQuery = z.output<typeof deskLinkTargetQuery>;
export const deskLinkTargetSchema = z
  .object({ kind: z.enum(deskLinkKinds), id: z.number().int(), title: z.string() })
  .meta({ id: 'DeskLinkTarget' });
export type DeskLinkTarget = z.output<typeof deskLinkTargetSchema>;

export const deskPublishInput = z.object({
  published: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
});

export const deskNoteInput = z.object({
  note: z.string().trim().max(5_000, { error: '備註最多 5000 個字' }).default(''),
});

export const deskAssignInput = z.object({
  expertId: z.coerce.number({ error: '請選擇專家' }).int().positive({ error: '請選擇專家' }),
});

/** One-click answer of the follow-up mail, confirmed on the page with a POST (no login). */
export const followUpAnswerInput = z.object({
  token: z.string({ error: '連結不完整' }).min(20, { error: '連結不完整' }).max(100, { error: '連結不完整' }),
  answer: z.enum(followUpAnswers, { error: '請選擇一個回答' }),
});

export const deskCasePhotoSchema = z.object({
  id: z.number().int(),
  group: z.enum(['pic1', 'pic2', 'pic3']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The full-size photo, for staff: GET /api/v1/admin/consultation/cases/:id/photos/:photoId. */
  url: z.string(),
});

/** Shown instead of the asker's contact to staff who are neither the assigned expert nor an admin. */
export const deskContactHidden = '僅限指派專家與管理員檢視';
/** The desk's answer when publishing a case whose asker did not agree. */
export const deskPublishNeedsConsent = '提問者未同意公開，無法公開此案件';
/** The desk's answer to a reply on a case its asker withdrew (kept only as the anonymised example). */
export const deskCaseWithdrawn = '提問者已撤回此案件，無法再回覆';

export const publishConsents = ['none', 'asker', 'prior-publication'] as const;
export const publishConsentLabels: Record<(typeof publishConsents)[number], string> = {
  none: '提問者未同意公開',
  asker: '提問者同意匿名公開',
  'prior-publication': '詢問同意前已公開（撤下後不能再公開）',
};

/**
 * The case view: everything staff need. The asker's name, e-mail, phone and member id only for the
 * case's assigned expert and admins (`contact_visible`; null for others, decision 0304); never to the public.
 */
export const deskCaseSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(deskCaseStatuses),
    overdue: z.boolean(),
    contact_visible: z.boolean(),
    asker_name: z.string().nullable(),
    asker_email: z.string().nullable(),
    asker_phone: z.string().nullable(),
    member_id: z.number().int().nullable(),
    publish_consent: z.enum(publishConsents),
    /** Whether the desk may make it public (with the reply, or once answered): the asker agreed. */
    can_publish: z.boolean(),
    withdrawn_at: z.string().nullable(),
    county_name: z.string(),
    township_name: z.string(),
    crop_name: z.string(),
    crop_id: z.number().int().nullable(),
    description: z.string(),
    submitted_at: z.string(),
    assigned_expert_id: z.number().int().nullable(),
    assigned_expert: z.string().nullable(),
    reply_text: z.string(),
    reply_html: safeHtmlSchema.nullable(),
    replied_at: z.string().nullable(),
    replied_by: z.string().nullable(),
    published_at: z.string().nullable(),
    staff_note: z.string(),
    follow_up_sent_at: z.string().nullable(),
    follow_up_answer: z.enum(followUpAnswers).nullable(),
    photos: z.array(deskCasePhotoSchema),
    links: z.array(z.object({ kind: z.enum(['record', 'ipm']), id: z.number().int(), title: z.string() })),
  })
  .meta({ id: 'DeskCase' });
export type DeskCase = z.output<typeof deskCaseSchema>;

/** What a signed-in member sees of their own cases under /member. */
export const memberCaseSchema = z.object({
  id: z.number().int(),
  crop_name: z.string(),
  description: z.string(),
  status: z.enum(deskCaseStatuses),
  submitted_at: z.string(),
  replied_at: z.string().nullable(),
  reply_html: safeHtmlSchema.nullable(),
  published: z.boolean(),
});
export type MemberCase = z.output<typeof memberCaseSchema>;

/** Which experts answer which crop: new cases of a crop go to the least loaded of its experts. */
export const expertCropsAdminContract = defineAdminContract({
  name: 'consultation-expert-crops',
  group: 'answer',
  label: '作物負責專家',
  description: '設定各作物的負責專家：新的諮詢案件會自動指派給該作物目前待回覆案件最少的專家。',
  row: z.object({
    key: z.string().meta({ title: '代碼' }),
    title: z.string().meta({ title: '負責' }),
    expert: z.string().meta({ title: '專家' }),
    crop: z.string().meta({ title: '作物' }),
    open_cases: z.number().int().meta({ title: '待回覆案件' }),
  }),
  idKey: 'key',
  id: z.string().regex(/^\d{1,10}-\d{1,10}$/, { error: '代碼格式有誤' }),
  titleKey: 'title',
  columns: ['crop', 'expert', 'open_cases'],
  sortable: ['crop', 'expert'],
  defaultSort: { key: 'crop', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(50, { error: '最多 50 個字' }).optional().meta({ title: '作物或專家' }),
  }),
  create: z.object({
    memberId: z.coerce
      .number({ error: '請輸入專家的會員編號' })
      .int({ error: '請輸入專家的會員編號' })
      .positive({ error: '請輸入專家的會員編號' })
      .meta({ title: '專家的會員編號', description: '會員列表中的編號；此會員必須具有專家角色。' }),
    cropId: z.coerce
      .number({ error: '請輸入作物編號' })
      .int({ error: '請輸入作物編號' })
      .positive({ error: '請輸入作物編號' })
      .meta({ title: '作物編號', description: '病蟲害診斷的作物編號（例如番茄、水稻）。' }),
  }),
});
