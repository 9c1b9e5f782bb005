import { z } from 'zod';
import { accountLimits } from './accounts-vocabulary';

// A member's rights over their data (個人資料保護法 §3): the download of
// everything the site holds about them and the deletion of their account.

export const personalDataMessages = {
  exportQueued: '已收到您的申請。資料副本製作完成後，下載連結會寄到您的電子郵件信箱（7 天內有效，只能下載一次）。',
  exportBudget: '今天已經申請過資料副本，請等候通知信，或明天再申請。',
  linkUsed: '此下載連結已使用過、已過期，或不屬於目前登入的帳號。請重新申請。',
  wrongPassword: '密碼不正確',
  lastAdmin: '您是網站唯一的管理者，無法刪除帳號。請先指定另一位管理者。',
  deleted: '您的帳號與個人資料已刪除。',
  confirmRequired: '請勾選確認刪除',
} as const;

/** The deletion form (/member/delete) and `DELETE /api/v1/members/me`: the password, and a confirmation on the page. */
export const deleteAccountRequest = z.object({
  password: z
    .string({ error: '請輸入密碼' })
    .min(1, { error: '請輸入密碼' })
    .max(accountLimits.passwordMax, { error: '密碼過長' }),
});

export const deleteAccountForm = deleteAccountRequest.extend({
  confirm: z.literal('yes', { error: personalDataMessages.confirmRequired }),
});
export type DeleteAccountForm = z.infer<typeof deleteAccountForm>;

/** Where someone's latest download request stands (for the page that offers it). */
export const personalDataExportStatus = z
  .object({
    state: z.enum(['queued', 'ready', 'downloaded', 'expired']),
    created_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .nullable();
export type PersonalDataExportStatus = z.infer<typeof personalDataExportStatus>;

export const personalDataExportAnswer = z.object({
  data: z.object({ state: z.literal('queued'), message: z.string() }),
});
