/** What the fixture server (start-fixture-server.ts) holds for tests/consultation-desk.spec.ts. */
export const deskExpert = { account: 'e2edeskexpert', password: 'Desk-Expert-2026' };
/** An editor on the same server: the contact inbox (tests/contact.spec.ts) is for editors and admins. */
export const deskEditor = {
  account: 'e2edeskeditor',
  password: 'Desk-Editor-2026',
  email: 'e2e-desk-editor@example.org',
};
/** An admin on the same server: the contact inbox shows who wrote to admins alone (decision 0299). */
export const deskAdmin = {
  account: 'e2edeskadmin',
  password: 'Desk-Admin-2026',
  email: 'e2e-desk-admin@example.org',
};
/** One case per browser project, told apart by crop; the mobile one waits past the 48-hour mark. */
export const deskCases = {
  mobile: { cropName: '番茄', askerEmail: 'desk-asker-mobile@example.org', hoursAgo: 50 },
  desktop: { cropName: '甘藍', askerEmail: 'desk-asker-desktop@example.org', hoursAgo: 3 },
} as const;
/**
 * A mail written to a file (no SMTP server then), which the outbox shows as its recipient will see
 * it: in a sandboxed frame where its script never runs (decision 0378).
 */
export const outboxFixtureMail = {
  to: 'outbox-preview@example.org',
  subject: '寄件匣預覽示範',
  text: '這封信的純文字內容。',
  html: '<!doctype html><html lang="zh-Hant-TW"><head><title>寄件匣預覽示範</title></head><body><p style="color:#1f6f50">這封信的 HTML 內容</p><script>document.body.append("腳本執行了")</script></body></html>',
};
