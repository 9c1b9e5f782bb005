// Vocabulary of member accounts without zod: the literal messages browsers compare with, the
// member classes and the limits.
import { newsTabs, type NewsClassFilter } from './reading-room-vocabulary';

/**
 * Literal strings clients compare with. The spec gives them only by meaning; they are fixed here
 * once (decision 0121) and every server answer and page uses these constants.
 */
export const accountMessages = {
  /** /logini's `d` and every failed sign-in: the same whether the account exists or not. */
  wrongAccountOrPassword: '帳號或密碼錯誤',
  /** Five failures of an account within 15 minutes; does not say whether the account exists. */
  lockedOut: '登入失敗次數過多，請 15 分鐘後再試',
  /** The 401 meaning "token verification failed": the session or bearer token is no longer valid. */
  tokenVerificationFailed: '權杖驗證失敗',
  /** After two failures a sign-in needs the robot check. */
  robotCheckRequired: '請完成「我不是機器人」驗證',
  robotCheckFailed: '機器人驗證失敗，請重新驗證',
  /** Forgot password: the same answer whether or not the account exists. */
  resetMailSent: '如果帳號存在，重設密碼的連結已寄到註冊的電子郵件信箱，30 分鐘內有效。',
  resetTokenInvalid: '連結無效或已過期，請重新申請重設密碼。',
  confirmTokenInvalid: '確認連結無效或已過期，請登入後到會員專區重新寄送。',
  /** The old address's link that stops a change of e-mail address (decision 0293). */
  stopTokenInvalid: '停止變更的連結無效或已過期。如果帳號仍有問題，請用「忘記密碼」重設密碼。',
  accountTaken: '此帳號已被使用',
  emailTaken: '此電子郵件已被註冊',
  wrongCurrentPassword: '目前的密碼不正確',
  accountDisabled: '帳號或密碼錯誤',
} as const;

/** The member's class (name, email, id`): the news class they follow. */
export const memberClasses = newsTabs.map((tab) => tab.value) as [NewsClassFilter, ...NewsClassFilter[]];
export type MemberClass = NewsClassFilter;
export const memberClassLabels: Record<MemberClass, string> = Object.fromEntries(
  newsTabs.map((tab) => [tab.value, tab.label]),
) as Record<MemberClass, string>;

export const accountLimits = {
  accountMin: 3,
  accountMax: 30,
  nameMax: 50,
  emailMax: 254,
  passwordMin: 8,
  /** ASVS: at least 64 allowed; argon2 hashes any length, 128 bounds the work per request. */
  passwordMax: 128,
} as const;
