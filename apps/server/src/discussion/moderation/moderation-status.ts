import { and, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type Moderated = { hiddenAt: PgColumn; deletedAt: PgColumn };

/** A post's status on the moderation screens: deleted (by its author or staff) wins over hidden. */
export function postStatus(row: { hiddenAt: Date | null; deletedAt: Date | null }): 'visible' | 'hidden' | 'deleted' {
  if (row.deletedAt) return 'deleted';
  if (row.hiddenAt) return 'hidden';
  return 'visible';
}

export function statusCondition(
  table: Moderated,
  status: 'visible' | 'hidden' | 'deleted' | undefined,
): SQL | undefined {
  if (status === 'deleted') return isNotNull(table.deletedAt);
  if (status === 'hidden') return and(isNull(table.deletedAt), isNotNull(table.hiddenAt));
  if (status === 'visible') return and(isNull(table.deletedAt), isNull(table.hiddenAt));
  return undefined;
}
