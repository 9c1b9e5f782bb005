/** A price as the page says it: NT$ with thousands, per unit; no price means "ask". */
export function priceText(price: number | null, unit = ''): string {
  if (price === null) return '請來信詢價';
  if (price === 0) return '免費';
  return `NT$ ${price.toLocaleString('en-US')}${unit ? ` / ${unit}` : ''}`;
}
