import type { AdminListPage, AdminListQuery, contactInboxAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/database/database';
import { contactMessages } from '../schema';
import { adminTextFilter } from '../../platform/admin/admin-list-search';

export type InboxRow = z.input<typeof contactInboxAdminContract.row>;
type InboxFilters = z.output<typeof contactInboxAdminContract.filters>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** One stored message as the inbox shows it. */
export function inboxRowOf(row: typeof contactMessages.$inferSelect): InboxRow {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    name: row.name,
    email: row.email,
    company_name: row.companyName,
    country: row.country ?? '',
    industry: row.industry ?? '',
    telephone: row.telephone,
    fax: row.fax ?? '',
    address: row.address ?? '',
    website: row.website ?? '',
    message: row.message,
    handled: row.status === 1,
    created_at: row.createdAt.toISOString(),
    handled_at: iso(row.handledAt),
    handled_by: row.handledByLabel,
    reply: row.reply,
  };
}

/** The inbox, newest first by default, filtered by a keyword, handled or not, and the form it came from. */
export async function listInboxMessages(
  db: Database,
  query: AdminListQuery<InboxFilters>,
): Promise<AdminListPage<InboxRow>> {
  const conditions: SQL[] = [];
  const { q, handled, kind } = query.filters;
  const matches = adminTextFilter(q, [
    contactMessages.title,
    contactMessages.name,
    contactMessages.email,
    contactMessages.companyName,
    contactMessages.message,
  ]);
  if (matches) conditions.push(matches);
  if (handled) conditions.push(eq(contactMessages.status, handled === 'yes' ? 1 : 0));
  if (kind) conditions.push(eq(contactMessages.kind, kind));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = query.sort.key === 'id' ? contactMessages.id : contactMessages.createdAt;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(direction(column), direction(contactMessages.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(contactMessages).where(where);
  return { rows: rows.map(inboxRowOf), total: Number(total?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getInboxMessage(db: Executor, id: number): Promise<InboxRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? inboxRowOf(row) : null;
}
