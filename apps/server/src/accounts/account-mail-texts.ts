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

/** The new address's confirmation of a change of e-mail address (decision 0293). */
export function confirmEmailChangeContent(member: { name: string }, link: string): MailContent {
  return {
    subject: '請確認新的電子郵件',
    greeting: `${member.name} 您好：`,
    paragraphs: ['您的會員帳號申請改用這個電子郵件信箱。請點選下方連結確認；確認之前，帳號仍使用原來的電子郵件。'],
    action: { label: '確認新的電子郵件', url: link },
    notes: ['此連結 30 分鐘內有效，且只能使用一次。', '如果您沒有申請，請忽略這封信，帳號不會改用這個信箱。'],
  };
}

/** `n***@example.org`: enough for the owner to recognise an address, not to learn it whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The notice to the old address when a change of address is asked for, with the link that stops it. */
export function emailChangeNoticeContent(member: { name: string }, newEmail: string, link: string): MailContent {
  return {
    subject: '您的會員帳號申請變更電子郵件',
    greeting: `${member.name} 您好：`,
    paragraphs: [
      `您的會員帳號剛剛申請把電子郵件改為 ${maskEmail(newEmail)}。新的信箱確認之後，帳號才會改用它。`,
      '如果這不是您本人的操作，請點選下方連結停止變更：帳號會保留這個電子郵件，所有裝置上的登入都會結束，接著請設定新的密碼。',
    ],
    action: { label: '停止變更電子郵件', url: link },
    notes: [
      '此連結 7 天內有效，且只能使用一次；變更已生效時，它會把帳號改回這個電子郵件。',
      '如果是您本人的操作，請忽略這封信。',
    ],
  };
}

/**
 * The notice to the owner of an address someone tried to register with, or to add to another
 * account (decision 0297): it never says who tried.
 */
export function emailInUseContent(member: { name: string; account: string }): MailContent {
  return {
    subject: '有人嘗試使用您的電子郵件',
    greeting: `${member.name} 您好：`,
    paragraphs: [
      '有人剛剛嘗試以您的電子郵件註冊新帳號，或把它用在另一個帳號上。這個電子郵件已經屬於您的帳號，所以沒有任何改變。',
      `如果是您本人：您的帳號是 ${member.account}，可以直接登入；忘記密碼時，請在登入頁選「忘記密碼」。`,
    ],
    action: { label: '前往登入', url: '/login' },
    notes: ['如果不是您本人，請忽略這封信；同一天內不會再寄這類通知。'],
  };
}
