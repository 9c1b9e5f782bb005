import { z } from 'zod';

/** A job's states in the queue (pg-boss's, decision 0100). */
export const jobStates = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobStateLabels: Record<JobState, string> = {
  created: '等待中',
  retry: '等待重試',
  active: '執行中',
  completed: '已完成',
  cancelled: '已取消',
  failed: '失敗',
};

export const adminJobSchema = z
  .object({
    id: z.string().describe('The job id (uuid)'),
    name: z.string().describe('The job name, e.g. mail.send'),
    label: z.string().describe('What the admin screens call it, e.g. 寄送郵件'),
    state: jobStateSchema,
    payload: z.unknown().describe('What the job was given'),
    attempts: z.number().int().describe('Runs so far'),
    retryLimit: z.number().int().describe('Retries allowed after the first run'),
    error: z.string().nullable().describe('The last run’s error message, if it failed'),
    createdAt: z.string().describe('ISO 8601'),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable().describe('When it completed or finally failed'),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof adminJobSchema>;

/** A mail as a feature hands it to the outbox (`context.mail.queue`). */
export const outgoingMailSchema = z.object({
  to: z.email({ error: '電子郵件格式不正確' }).max(254, { error: '電子郵件過長' }),
  subject: z.string().trim().min(1, { error: '請輸入主旨' }).max(200, { error: '主旨過長' }),
  text: z.string().min(1, { error: '郵件內容不可空白' }).max(100_000),
  html: z.string().max(500_000).optional(),
  /**
   * A one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post`, for mail a person subscribed to (pest alerts, decision 0403).
   */
  unsubscribeUrl: z.url().max(2_000).optional(),
});
export type OutgoingMail = z.input<typeof outgoingMailSchema>;

/** queued → sent (over SMTP) or written (as an .eml file when no SMTP is configured). */
export const mailStates = ['queued', 'sent', 'written'] as const;
export const mailStateSchema = z.enum(mailStates);
export type MailState = z.infer<typeof mailStateSchema>;
export const mailStateLabels: Record<MailState, string> = {
  queued: '等待寄出',
  sent: '已寄出',
  written: '已寫入檔案（未設定郵件伺服器）',
};

export const adminOutboxMailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    state: mailStateSchema,
    createdAt: z.string().describe('ISO 8601'),
    sentAt: z.string().nullable().describe('When it was sent or written'),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    file: z.string().nullable().describe('The .eml file under DATA_DIR/outbox when written'),
  })
  .meta({ id: 'AdminOutboxMail' });
export type AdminOutboxMail = z.infer<typeof adminOutboxMailSchema>;
