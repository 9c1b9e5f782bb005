// By its own path: the catalogue's public module is in the shell chunk every page loads (decision 0275).
import type { Order } from '@pest/contracts';
import { orderStatusLabels } from '@pest/contracts/catalogue-order-vocabulary';
import { Form } from 'react-router';
import { defineMemberSection } from '../kernel/member-section';
import { formatDateTime } from '../ui/format-date-time';
import { memberOrderOutcomes, type MemberOrderOutcome } from './member-order-outcomes';

interface MemberOrdersData {
  orders: Order[];
  /** The look-up by number: what was asked and what was found (null when nothing was asked). */
  lookUp: { number: string; found: Order[] } | null;
  /** What the last cancel or transfer form did (from the address the action redirected to). */
  outcome: MemberOrderOutcome | null;
  outcomeOrder: number | null;
}

/** What a member may still do with an order (the API's cancel and transfer digits, decision 0367). */
function OrderActions({ order, place }: { order: Order; place: string }) {
  const canCancel = order.status === 'new';
  const canTransfer = order.status === 'new' || order.status === 'confirmed';
  if (!canCancel && !canTransfer) return null;
  const digitsId = `${place}-order-${order.id}-digits`;
  return (
    <div className="member-orders__actions">
      {canTransfer ? (
        <Form method="post" action="/member/orders" className="member-orders__form">
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="order" value={order.id} />
          <label htmlFor={digitsId}>匯款帳號末五碼</label>
          <input
            id={digitsId}
            name="digits"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{5}"
            maxLength={5}
            required
            defaultValue={order.last_number_of_transfer ?? ''}
          />
          <button type="submit" className="button">
            送出末五碼
          </button>
        </Form>
      ) : null}
      {canCancel ? (
        <Form
          method="post"
          action="/member/orders"
          onSubmit={(event) => {
            if (!window.confirm(`確定要取消詢價單 ${order.order_number} 嗎？`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="order" value={order.id} />
          <button type="submit" className="button">
            取消詢價單<span className="visually-hidden"> {order.order_number}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function OrderItem({
  order,
  outcome,
  place,
}: {
  order: Order;
  outcome: MemberOrderOutcome | null;
  /** Where the item is listed (the look-up or the list): its fields' ids differ. */
  place: string;
}) {
  return (
    <li>
      <h3>
        詢價單 {order.order_number}（{orderStatusLabels[order.status]}）
      </h3>
      <p>送出時間：{formatDateTime(order.created_at)}</p>
      <p>品項：{order.product_info.map((item) => `${item.product_name} × ${item.qty}`).join('、')}</p>
      {order.last_number_of_transfer ? <p>匯款末五碼：{order.last_number_of_transfer}</p> : null}
      {outcome ? (
        <p role="status" className="member-orders__outcome">
          {memberOrderOutcomes[outcome]}
        </p>
      ) : null}
      <OrderActions order={order} place={place} />
    </li>
  );
}

function MemberOrders({ orders, lookUp, outcome, outcomeOrder }: MemberOrdersData) {
  return (
    <section aria-labelledby="member-orders-heading" className="account-section" id="member-orders">
      <h2 id="member-orders-heading">我的詢價單</h2>
      {outcome && outcomeOrder === null ? (
        <p role="status" className="member-orders__outcome">
          {memberOrderOutcomes[outcome]}
        </p>
      ) : null}
      <Form method="get" action="/member" className="member-orders__form" role="search">
        <label htmlFor="member-order-number">以編號查詢詢價單</label>
        <input
          id="member-order-number"
          name="order"
          placeholder="例如 Q20260101-0001"
          defaultValue={lookUp?.number ?? ''}
          autoComplete="off"
        />
        <button type="submit" className="button">
          查詢
        </button>
      </Form>
      {lookUp ? (
        <div className="member-orders__look-up" role="status">
          {lookUp.found.length === 0 ? (
            <p>找不到編號 {lookUp.number} 的詢價單。</p>
          ) : (
            <ul className="member-orders">
              {lookUp.found.map((order) => (
                <OrderItem key={order.id} order={order} outcome={null} place="look-up" />
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {orders.length === 0 ? (
        <p>您還沒有送出詢價單。</p>
      ) : (
        <ul className="member-orders">
          {orders.map((order) => (
            <OrderItem key={order.id} order={order} outcome={order.id === outcomeOrder ? outcome : null} place="list" />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's own orders on /member; the id comes from the session. */
export const memberOrdersSection = defineMemberSection({
  id: 'catalogue-orders',
  load: async (context, memberId, url): Promise<MemberOrdersData> => {
    const { catalogue } = context.services;
    const number = (url.searchParams.get('order') ?? '').trim().toUpperCase().slice(0, 40);
    const raw = url.searchParams.get('orders');
    const outcome = raw !== null && raw in memberOrderOutcomes ? (raw as MemberOrderOutcome) : null;
    const outcomeOrder = Number(url.searchParams.get('id'));
    const [orders, found] = await Promise.all([
      catalogue.listMemberOrders(memberId),
      number ? catalogue.listMemberOrders(memberId, { number }) : Promise.resolve(null),
    ]);
    return {
      orders,
      lookUp: found ? { number, found } : null,
      outcome,
      outcomeOrder: outcome && orders.some((order) => order.id === outcomeOrder) ? outcomeOrder : null,
    };
  },
  render: (data) => <MemberOrders {...data} />,
});
