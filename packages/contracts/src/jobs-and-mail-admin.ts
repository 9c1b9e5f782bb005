import { z } from 'zod';
import { defineAdminContract } from './admin';
import { jobStateLabels, jobStates, mailStateLabels, mailStates } from './jobs-and-mail';

const time = (title: string) => z.iso.datetime({ offset: true }).meta({ title });
const optionalTime = (title: string) => z.iso.datetime({ offset: true }).nullable().meta({ title });

/** Background jobs in /admin: one state at a time (failed first), with the retry button. */
export const jobsAdminContract = defineAdminContract({
  name: 'jobs',
  group: 'system',
  label: '背景工作',
  description: '失敗的背景工作可在此重試；其他狀態可由篩選查看。',
  row: z.object({
    id: z.string().meta({ title: '編號' }),
    label: z.string().meta({ title: '工作' }),
    name: z.string().meta({ title: '工作代號' }),
    state: z.enum(jobStates).meta({ title: '狀態', optionLabels: jobStateLabels }),
    payload: z.unknown().meta({ title: '內容', widget: 'json' }),
    attempts: z.number().int().meta({ title: '已執行次數' }),
    retryLimit: z.number().int().meta({ title: '重試上限' }),
    error: z.string().nullable().meta({ title: '錯誤訊息' }),
    createdAt: time('建立時間'),
    startedAt: optionalTime('開始時間'),
    completedAt: optionalTime('結束時間'),
  }),
  id: z.uuid({ error: '工作編號格式不正確' }),
  idKey: 'id',
  titleKey: 'label',
  columns: ['label', 'state', 'attempts', 'error', 'completedAt'],
  sortable: [],
  defaultSort: { key: 'createdAt', direction: 'desc' },
  filters: z.object({
    state: z
      .enum(jobStates, { error: '不明的工作狀態' })
      .default('failed')
      .meta({ title: '狀態', optionLabels: jobStateLabels }),
  }),
  actions: [
    { name: 'retry', label: '重試', doneMessage: '已重新排入佇列。', when: { key: 'state', equals: 'failed' } },
  ],
  pageSize: 20,
});

/** The mail outbox in /admin: every mail, sent or written as a file, with its content. */
export const outboxAdminContract = defineAdminContract({
  name: 'outbox',
  group: 'system',
  label: '寄件匣',
  description: '網站寄出（或未設定郵件伺服器時寫成檔案）的每一封信。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    to: z.string().meta({ title: '收件人' }),
    subject: z.string().meta({ title: '主旨' }),
    state: z.enum(mailStates).meta({ title: '狀態', optionLabels: mailStateLabels }),
    createdAt: time('建立時間'),
    sentAt: optionalTime('寄出時間'),
    attempts: z.number().int().meta({ title: '嘗試次數' }),
    lastError: z.string().nullable().meta({ title: '最後錯誤' }),
    file: z.string().nullable().meta({ title: '檔案' }),
    messageId: z.string().optional().meta({ title: 'Message-ID' }),
    // Only for a mail written to a file: a sent mail's content (a reset link) is the recipient's alone.
    text: z.string().nullable().optional().meta({ title: '純文字內容', widget: 'textarea' }),
    html: z.string().nullable().optional().meta({ title: 'HTML 內容', widget: 'textarea' }),
  }),
  framed: { field: 'html', label: '郵件預覽（收件人看到的樣子）', href: '/api/v1/admin/outbox/{id}/preview' },
  idKey: 'id',
  titleKey: 'subject',
  columns: ['createdAt', 'to', 'subject', 'state'],
  sortable: [],
  defaultSort: { key: 'createdAt', direction: 'desc' },
  filters: z.object({}),
  pageSize: 20,
});
