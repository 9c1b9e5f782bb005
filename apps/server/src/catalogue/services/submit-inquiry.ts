import { storefrontMessages, type InquiryFields, type Order } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { listMembersWithRole } from '../../accounts';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { orders, shoppingCarts } from '../schema';
import { listCartLines } from './list-cart-lines';
import { orderItemsText, toApiOrder } from './order-row';
import { refreshOrderSearch } from './refresh-order-search';

/** The order number: Q, the day in Taiwan, the id (unique and readable on the telephone). */
function orderNumber(id: number, at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(at).replaceAll('-', '');
  return `Q${day}-${String(id).padStart(4, '0')}`;
}

/**
 * Sends the member's inquiry: the order lists the cart as the server
 * holds it (product_info: product_id, product_name, qty), the cart is emptied, and the member and
 * the institute's staff get an e-mail — all in one transaction. The cart row lock makes a double
 * submit wait and then find the cart empty, so one inquiry is stored.
 */
export async function submitInquiry(
  deps: Pick<FeatureContext, 'db' | 'mail' | 'env'>,
  viewer: Viewer,
  fields: InquiryFields,
): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: shoppingCarts.id })
      .from(shoppingCarts)
      .where(eq(shoppingCarts.members_id, viewer.memberId))
      .for('update');
    const lines = await listCartLines(tx, viewer.memberId);
    if (lines.length === 0) throw AppError.badRequest(storefrontMessages.emptyCart);
    const now = new Date();
    const [inserted] = await tx
      .insert(orders)
      .values({
        order_number: `pending-${viewer.memberId}-${now.getTime()}-${Math.random()}`,
        members_id: viewer.memberId,
        ...fields,
        product_info: lines.map((line) => ({
          product_id: line.products_id,
          product_name: line.product_detail.title,
          qty: line.qty,
        })),
        created_at: now,
        updated_at: now,
      })
      .returning();
    const [order] = await tx
      .update(orders)
      .set({ order_number: orderNumber(inserted!.id, now) })
      .where(eq(orders.id, inserted!.id))
      .returning();
    await refreshOrderSearch(tx, [inserted!.id]);
    await tx.delete(shoppingCarts).where(eq(shoppingCarts.members_id, viewer.memberId));

    const items = order!.product_info.map((item) => `・${item.product_name} × ${item.qty}`).join('\n');
    const memberUrl = new URL('member', deps.env.publicUrl.replace(/\/?$/, '/')).href;
    await deps.mail.queue(tx, {
      to: fields.email,
      ...deps.mail.compose({
        subject: `已收到您的詢價（${order!.order_number}）`,
        greeting: `${fields.name} 您好：`,
        paragraphs: [
          `我們已收到您的詢價單 ${order!.order_number}，品項如下：`,
          items,
          '承辦人員確認後會與您聯繫；您也可以在會員專區查看詢價單的處理進度。',
        ],
        action: { label: '查看我的詢價單', url: memberUrl },
      }),
    });
    // Admins alone see the buyer's details (decision 0299): editors are told of the order without them.
    const admins = new Set((await listMembersWithRole(tx, 'admin')).map((member) => member.email));
    const editors = (await listMembersWithRole(tx, 'editor')).map((member) => member.email);
    const staff = [
      ...[...admins].map((to) => ({ to, personal: true })),
      ...[...new Set(editors)].filter((to) => !admins.has(to)).map((to) => ({ to, personal: false })),
    ];
    const adminUrl = new URL(`admin/orders/${order!.id}`, deps.env.publicUrl.replace(/\/?$/, '/')).href;
    for (const { to, personal } of staff) {
      await deps.mail.queue(tx, {
        to,
        ...deps.mail.compose({
          subject: personal
            ? `新詢價單 ${order!.order_number}：${fields.company_name} ${fields.name}`
            : `新詢價單 ${order!.order_number}`,
          greeting: '承辦同仁您好：',
          paragraphs: personal
            ? [
                `${fields.company_name} 的 ${fields.name}（${fields.email}，${fields.telephone}）送出詢價單 ${order!.order_number}：`,
                orderItemsText(order!),
                `訊息：${fields.message}`,
                ...(fields.address ? [`地址：${fields.address}`] : []),
              ]
            : [
                `會員送出詢價單 ${order!.order_number}（買方的個人資料僅限管理者在後台檢視）：`,
                orderItemsText(order!),
                `訊息：${fields.message}`,
              ],
          action: { label: '在管理後台處理', url: adminUrl },
        }),
      });
    }
    return toApiOrder(order!);
  });
}
