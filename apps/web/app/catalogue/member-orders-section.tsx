// By its own path: the catalogue's public module is in the shell chunk every page loads (decision 0275).
import type { Order } from '@pest/contracts';
import { orderStatusLabels } from '@pest/contracts/catalogue-order-vocabulary';
import { defineMemberSection } from '../kernel/member-section';
import { formatDateTime } from '../ui/format-date-time';

function MemberOrders({ orders }: { orders: Order[] }) {
  return (
    <section aria-labelledby="member-orders-heading" className="account-section">
      <h2 id="member-orders-heading">我的詢價單</h2>
      {orders.length === 0 ? (
        <p>您還沒有送出詢價單。</p>
      ) : (
        <ul className="member-orders">
          {orders.map((order) => (
            <li key={order.id}>
              <h3>
                詢價單 {order.order_number}（{orderStatusLabels[order.status]}）
              </h3>
              <p>送出時間：{formatDateTime(order.created_at)}</p>
              <p>品項：{order.product_info.map((item) => `${item.product_name} × ${item.qty}`).join('、')}</p>
              {order.last_number_of_transfer ? <p>匯款末五碼：{order.last_number_of_transfer}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's own orders on /member (issue 13 §2); the id comes from the session. */
export const memberOrdersSection = defineMemberSection({
  id: 'catalogue-orders',
  load: (context, memberId) => context.services.catalogue.listMemberOrders(memberId),
  render: (orders) => <MemberOrders orders={orders} />,
});
