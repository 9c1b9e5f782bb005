import { errorCodes, orderMoves, orderStatusLabels, type OrderMove } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { orders } from '../schema';
import { orderItemsText } from './order-row';

/**
 * Staff move an order to its next state: new → confirmed → paid → shipped → done,
 * or cancelled before it ships; audited, and the member is mailed, in one transaction.
 */
export async function moveOrder(
  deps: Pick<FeatureContext, 'db' | 'mail' | 'env'>,
  actor: Viewer,
  orderId: number,
  move: OrderMove,
): Promise<void> {
  const { from, to } = orderMoves[move];
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw AppError.notFound('找不到這筆詢價單');
    if (!(from as readonly string[]).includes(row.status))
      throw new AppError(
        409,
        errorCodes.conflict,
        `詢價單目前是「${orderStatusLabels[row.status]}」，不能改為「${orderStatusLabels[to]}」`,
      );
    await tx.update(orders).set({ status: to, updated_at: new Date() }).where(eq(orders.id, orderId));
    await recordAudit(tx, {
      actor,
      action: `order.${move}`,
      entity: 'order',
      entityId: orderId,
      before: { status: row.status },
      after: { status: to },
    });
    await deps.mail.queue(tx, {
      to: row.email,
      ...deps.mail.compose({
        subject: `詢價單 ${row.order_number} 已${orderStatusLabels[to].replace(/^已/, '')}`,
        greeting: `${row.name} 您好：`,
        paragraphs: [
          `您的詢價單 ${row.order_number}（${orderItemsText(row)}）狀態已由「${orderStatusLabels[row.status]}」改為「${orderStatusLabels[to]}」。`,
          ...(to === 'confirmed' ? ['匯款後，請在會員專區填寫匯款帳號末五碼，以便我們核對。'] : []),
        ],
        action: { label: '查看我的詢價單', url: new URL('member', deps.env.publicUrl.replace(/\/?$/, '/')).href },
      }),
    });
  });
}
