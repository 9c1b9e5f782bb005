import type { AdminListQuery, pestAlertsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { alertsTag } from './alerts-cache-tags';
import { cancelMemberSubscription } from './services/cancel-member-subscription';
import { fanOutAlert } from './services/fan-out-alert';
import { listMemberSubscriptions } from './services/list-member-subscriptions';
import { TaggedMemo } from '../platform/cache/tagged-memo';
import { listActiveAlerts, listAlertRows, taiwanToday } from './services/list-alerts';
import { publishAlert } from './services/publish-alert';
import { subscribeByLine, unsubscribeByLine, type LineSubscriber } from './services/subscribe-by-line';
import { deleteAlert, saveAlert } from './services/save-alert';
import {
  confirmEmailSubscription,
  subscribeByEmail,
  subscribeByPush,
  unsubscribeFromAlerts,
} from './services/subscribe-to-alerts';

type Filters = z.output<(typeof pestAlertsAdminContract)['filters']>;
const oneRow = { page: 1, pageSize: 1, filters: {}, sort: { key: 'id', direction: 'desc' as const } };

/** Pest alerts' services, bound once (`services.alerts.*`, decisions 0402–0404). */
export function createAlertsServices(context: FeatureContext) {
  const { db, invalidation } = context;
  const changed = () => invalidation.publish([alertsTag]);
  // Read by every home render and each crop's pages; changed only by the alerts' own writes, which
  // publish the tag, and by the date, which is in the key (decision 0444).
  const active = new TaggedMemo(invalidation, 5 * 60 * 1000, 500);
  return {
    listAlertRows: (query: AdminListQuery<Filters>) => listAlertRows(db, query),
    getAlertRow: async (id: number) => (await listAlertRows(db, oneRow, id)).rows[0] ?? null,
    saveAlert: async (actor: Viewer, id: number | null, input: unknown) => {
      const saved = await saveAlert(db, actor, id, input);
      await changed();
      return saved;
    },
    deleteAlert: async (actor: Viewer, id: number) => {
      await deleteAlert(db, actor, id);
      await changed();
    },
    publishAlert: (actor: Viewer, id: number) => publishAlert(context, actor, id),
    fanOutAlert: (payload: { alertId: number; afterId: number }, batchSize?: number) =>
      fanOutAlert(context, payload, batchSize),
    listActiveAlerts: (options: { cropId?: number } = {}) =>
      active.get(
        `${taiwanToday()}:${options.cropId ?? 'all'}`,
        () => listActiveAlerts(db, options),
        () => [alertsTag],
      ),
    subscribeByEmail: (input: unknown, memberId: number | null) => subscribeByEmail(context, input, memberId),
    subscribeByPush: (input: unknown, memberId: number | null) => subscribeByPush(context, input, memberId),
    subscribeByLine: (input: unknown, who: LineSubscriber | null) => subscribeByLine(context, input, who),
    unsubscribeByLine: (input: unknown, who: LineSubscriber | null) => unsubscribeByLine(context, input, who),
    confirmEmailSubscription: (input: unknown) => confirmEmailSubscription(context, input),
    unsubscribeFromAlerts: (input: unknown) => unsubscribeFromAlerts(context, input),
    /** A member's own subscriptions on /member (decision 0426): the member always from the session. */
    listMemberSubscriptions: (memberId: number) => listMemberSubscriptions(db, memberId),
    cancelMemberSubscription: (memberId: number, input: unknown) => cancelMemberSubscription(context, memberId, input),
  };
}

export type AlertsServices = ReturnType<typeof createAlertsServices>;
