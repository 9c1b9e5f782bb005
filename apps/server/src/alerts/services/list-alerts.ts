import type { ActiveAlert, AdminListPage, AdminListQuery, pestAlertsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { alertDeliveries, pestAlerts } from '../schema';

type Filters = z.output<(typeof pestAlertsAdminContract)['filters']>;
type Row = z.input<(typeof pestAlertsAdminContract)['row']>;

/** The alerts as /admin lists them, with how many people each was sent to. */
export async function listAlertRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const where =
    id !== undefined
      ? eq(pestAlerts.id, id)
      : query.filters.status
        ? eq(pestAlerts.status, query.filters.status)
        : undefined;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'active_from' ? pestAlerts.activeFrom : pestAlerts.id;
  const delivered = sql<number>`(select count(*) from ${alertDeliveries} where ${alertDeliveries.alertId} = ${pestAlerts.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ alert: pestAlerts, delivered: delivered.mapWith(Number) })
      .from(pestAlerts)
      .where(where)
      .orderBy(direction(column), desc(pestAlerts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(pestAlerts).where(where),
  ]);
  return {
    rows: rows.map(({ alert, delivered }) => ({
      id: alert.id,
      crop: alert.cropName,
      counties: alert.counties as Row['counties'],
      text: alert.text,
      record_id: alert.recordId,
      ipm_id: alert.ipmId,
      active_from: alert.activeFrom,
      active_until: alert.activeUntil,
      status: alert.status,
      // LINE messages the quota refused were recorded as deliveries (each person once) but not sent.
      delivered: Math.max(0, delivered - alert.lineUnsent),
      line_unsent: alert.lineUnsent,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Today in Taiwan (UTC+8, no daylight saving), as the alerts' dates are written. */
export function taiwanToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The published alerts active today, newest first; of one crop when given. */
export async function listActiveAlerts(
  db: Executor,
  options: { cropId?: number; now?: Date } = {},
): Promise<ActiveAlert[]> {
  const today = taiwanToday(options.now);
  const conditions: SQL[] = [
    eq(pestAlerts.status, 'published'),
    lte(pestAlerts.activeFrom, today),
    gte(pestAlerts.activeUntil, today),
  ];
  if (options.cropId !== undefined) conditions.push(eq(pestAlerts.cropId, options.cropId));
  const rows = await db
    .select()
    .from(pestAlerts)
    .where(and(...conditions))
    .orderBy(desc(pestAlerts.publishedAt), desc(pestAlerts.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    crop: row.cropName,
    cropId: row.cropId,
    counties: row.counties,
    text: row.text,
    recordId: row.recordId,
    ipmId: row.ipmId,
    activeUntil: row.activeUntil,
  }));
}
