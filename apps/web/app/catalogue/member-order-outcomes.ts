/** What /member says after a member's own order change; the action redirects with one of these keys. */
export const memberOrderOutcomes = {
  cancelled: '已取消這張詢價單。',
  'digits-saved': '已收到匯款帳號末五碼，承辦人員核對後會更新狀態。',
  'digits-invalid': '請輸入匯款帳號末五碼（5 位數字）。',
  refused: '這張詢價單目前無法這樣變更；如有需要請與我們聯繫。',
  'not-found': '找不到這張詢價單。',
} as const;

export type MemberOrderOutcome = keyof typeof memberOrderOutcomes;
