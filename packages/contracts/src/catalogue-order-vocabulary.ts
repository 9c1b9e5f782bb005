/*
 * The order states' names without zod (decision 0086): the header and /member's orders section,
 * which every page loads, read their labels from here.
 */

/** Order states: new → confirmed → paid → shipped → done, or cancelled. */
export const orderStatuses = ['new', 'confirmed', 'paid', 'shipped', 'done', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  new: '新詢價',
  confirmed: '已確認',
  paid: '已付款',
  shipped: '已出貨',
  done: '已完成',
  cancelled: '已取消',
};
/** The staff's moves between states: from → to. */
export const orderMoves = {
  confirm: { from: ['new'], to: 'confirmed', label: '確認詢價' },
  pay: { from: ['confirmed'], to: 'paid', label: '確認收款' },
  ship: { from: ['paid'], to: 'shipped', label: '出貨' },
  finish: { from: ['shipped'], to: 'done', label: '完成' },
  cancel: { from: ['new', 'confirmed', 'paid'], to: 'cancelled', label: '取消' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; label: string }>;
export type OrderMove = keyof typeof orderMoves;
