import { z } from 'zod';
import { defineAdminContract } from './admin';

/** The moderation screens of the expert discussion area in /admin. */

export const discussionPostStatuses = ['visible', 'hidden', 'deleted'] as const;
export const discussionPostStatusLabels: Record<(typeof discussionPostStatuses)[number], string> = {
  visible: '顯示中',
  hidden: '已隱藏',
  deleted: '已刪除',
};

const statusField = z.enum(discussionPostStatuses).meta({ title: '狀態', optionLabels: discussionPostStatusLabels });
const statusFilter = z
  .enum(discussionPostStatuses, { error: '不明的狀態' })
  .optional()
  .meta({ title: '狀態', optionLabels: discussionPostStatusLabels });
const keyword = z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title: '關鍵字' });

const yesNo = z.enum(['true', 'false'], { error: '請選擇是或否' }).optional();

const yesNoLabels = { true: '是', false: '否' };

const hideActions = [
  { name: 'hide', label: '隱藏', doneMessage: '已隱藏。', when: { key: 'status', equals: 'visible' } },
  { name: 'restore', label: '恢復顯示', doneMessage: '已恢復顯示。', when: { key: 'status', equals: 'hidden' } },
] as const;

export const discussionQuestionsAdminContract = defineAdminContract({
  name: 'discussion-questions',
  group: 'answer',
  label: '討論區提問',
  description: 'LINE 專家討論區的提問，新的在前：可隱藏或恢復顯示；「尚未回覆」列出還沒有留言的提問。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '提問' }),
    status: statusField,
    dclass: z.string().meta({ title: '受害類別' }),
    crop_type: z.string().meta({ title: '作物類型' }),
    describe: z.string().meta({ title: '問題描述', widget: 'textarea' }),
    note: z.string().meta({ title: '備註', widget: 'textarea' }),
    asker: z.string().meta({ title: '發問者' }),
    comments: z.number().int().meta({ title: '留言數' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '發問時間' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'title', 'status', 'crop_type', 'asker', 'comments', 'created_at'],
  sortable: ['id', 'created_at'],
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: z.object({
    q: keyword,
    status: statusFilter,
    unanswered: yesNo.meta({ title: '尚未回覆', optionLabels: yesNoLabels }),
  }),
  actions: [...hideActions],
});

export const discussionCommentsAdminContract = defineAdminContract({
  name: 'discussion-comments',
  group: 'answer',
  label: '討論區留言',
  description: 'LINE 專家討論區的留言，新的在前：可隱藏或恢復顯示。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '留言' }),
    status: statusField,
    question_id: z.number().int().meta({ title: '提問編號' }),
    author: z.string().meta({ title: '留言者' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '留言時間' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'title', 'status', 'question_id', 'author', 'created_at'],
  sortable: ['id', 'created_at'],
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: z.object({ q: keyword, status: statusFilter }),
  actions: [...hideActions],
});

export const discussionIdentitiesAdminContract = defineAdminContract({
  name: 'discussion-identities',
  group: 'answer',
  label: 'LINE 身分',
  description: '在討論區發言過的 LINE 身分：停止發言後仍可閱讀，但不能發問、留言或上傳照片。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    display_name: z.string().meta({ title: 'LINE 名稱' }),
    line_user_id: z.string().meta({ title: 'LINE user ID' }),
    demo: z.boolean().meta({ title: '示範身分' }),
    linked_member: z.string().nullable().meta({ title: '連結的會員' }),
    blocked: z.boolean().meta({ title: '已停止發言' }),
    questions: z.number().int().meta({ title: '提問數' }),
    comments: z.number().int().meta({ title: '留言數' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '首次登入' }),
  }),
  idKey: 'id',
  titleKey: 'display_name',
  columns: ['id', 'display_name', 'demo', 'linked_member', 'blocked', 'questions', 'comments', 'created_at'],
  // The display name is public on every post; the LINE user id and the member behind it are not (decision 0299).
  personalFields: ['line_user_id', 'linked_member'],
  personalFilters: ['q'],
  sortable: ['id', 'created_at'],
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: z.object({
    q: keyword,
    blocked: yesNo.meta({ title: '已停止發言', optionLabels: yesNoLabels }),
  }),
  actions: [
    { name: 'block', label: '停止發言', doneMessage: '已停止此身分發言。', when: { key: 'blocked', equals: false } },
    { name: 'unblock', label: '恢復發言', doneMessage: '已恢復此身分發言。', when: { key: 'blocked', equals: true } },
  ],
});
