import type { MailContent } from '../platform/mail/render-mail';

/** The e-mail confirmation mail (register, change of address, resend). */
export function confirmEmailContent(member: { name: string }, link: string): MailContent {
  return {
    subject: '請確認您的電子郵件',
    greeting: `${member.name} 您好：`,
    paragraphs: ['感謝您註冊會員。請點選下方連結，確認這是您的電子郵件信箱。'],
    action: { label: '確認電子郵件', url: link },
    notes: ['此連結 30 分鐘內有效，且只能使用一次。', '如果您沒有註冊，請忽略這封信。'],
  };
}

/** The password reset mail (forgot password). */
export function resetPasswordContent(member: { name: string }, link: string): MailContent {
  return {
    subject: '重設密碼',
    greeting: `${member.name} 您好：`,
    paragraphs: ['我們收到重設您密碼的申請。請點選下方連結設定新密碼；設定後，所有裝置上的登入都會結束。'],
    action: { label: '重設密碼', url: link },
    notes: ['此連結 30 分鐘內有效，且只能使用一次。', '如果您沒有申請，請忽略這封信，您的密碼不會改變。'],
  };
}
