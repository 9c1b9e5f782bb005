import type { MemberAlertSubscription } from '@pest/contracts';
import { alertChannelLabels, memberAlertCancelMessages } from '@pest/contracts/alerts-vocabulary';
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { defineMemberSection } from '../kernel/member-section';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import './alerts.css';
import '../ui/card-list.css';

interface MemberAlerts {
  subscriptions: MemberAlertSubscription[];
  /** What the last 取消 did, from /member/alerts's redirect (`?alerts=cancelled|gone`). */
  outcome: keyof typeof memberAlertCancelMessages | null;
}

function channelText(row: MemberAlertSubscription): string {
  const channel = alertChannelLabels[row.channel];
  return row.email ? `${channel}（${row.email}）` : channel;
}

function MemberAlertsList({ subscriptions, outcome }: MemberAlerts) {
  const status = useRef<HTMLParagraphElement>(null);
  // The button just pressed is gone with its row: keyboard and screen-reader users land on what happened.
  useEffect(() => {
    if (outcome) status.current?.focus();
  }, [outcome]);
  return (
    <section id="member-alerts" aria-labelledby="member-alerts-heading" className="account-section">
      <h2 id="member-alerts-heading">我的通知</h2>
      <p ref={status} role="status" tabIndex={-1} className="member-alerts__status">
        {outcome ? memberAlertCancelMessages[outcome] : ''}
      </p>
      {subscriptions.length === 0 ? (
        <p>
          您目前沒有訂閱病蟲害警報。到<Link to="/alerts">病蟲害警報</Link>
          選擇作物與縣市，有新的警報時會以電子郵件、手機推播或 LINE 通知您。
        </p>
      ) : (
        <>
          <p>您訂閱的病蟲害警報：每一項是一種作物在一個縣市、以一種方式通知；取消後就不再通知。</p>
          <ul className="card-list">
            {subscriptions.map((row) => {
              const what = `${row.crop}・${row.county}`;
              return (
                <li key={row.id} className="card-list__item">
                  <div className="card-list__what">
                    <strong>{what}</strong>
                    <span>
                      {channelText(row)}
                      {row.confirmed ? '' : '・尚未確認（請到信箱按「確認訂閱」）'}
                    </span>
                    <span className="member-alerts__since">
                      訂閱於 <time dateTime={isoDateTime(row.createdAt)}>{formatDateTime(row.createdAt)}</time>
                    </span>
                  </div>
                  <Form method="post" action="/member/alerts" preventScrollReset>
                    <input type="hidden" name="subscription" value={row.id} />
                    <button type="submit" className="button">
                      取消<span className="visually-hidden">：{`${what}（${alertChannelLabels[row.channel]}）`}</span>
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
          <p>
            <Link to="/alerts">訂閱其他作物或縣市</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** The member page's 「我的通知」 (decision 0426): the member's own pest-alert subscriptions, each with 取消. */
export const memberAlertsSection = defineMemberSection<MemberAlerts>({
  id: 'alerts',
  async load(context, memberId, url) {
    const asked = url.searchParams.get('alerts');
    return {
      subscriptions: await context.services.alerts.listMemberSubscriptions(memberId),
      outcome: asked === 'cancelled' || asked === 'gone' ? asked : null,
    };
  },
  render: (data) => <MemberAlertsList {...data} />,
});
