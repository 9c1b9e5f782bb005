import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { ReadingRoomSearchKind } from '../schema';
import { refreshReadingRoomSearch } from './refresh-reading-room-search';

/** One kind of reading-room item as its save service writes it: an IPM sheet, a publication, a video. */
export interface ReadingRoomItemWrite<Row> {
  /** Its search rows' kind. */
  kind: ReadingRoomSearchKind;
  /** Its audit entries' entity (`<entity>.create`, `<entity>.update`). */
  entity: 'ipm-sheet' | 'publication' | 'video';
  unknownMessage: string;
  /** The item's row, locked for the change; undefined when there is none. */
  lock: (id: number) => Promise<Row | undefined>;
  /** Inserts the item (`row` null) or updates it; returns its id. */
  write: (row: Row | null) => Promise<number>;
  /** The item's row once written. */
  read: (id: number) => Promise<Row>;
  /** The row as the admin shows it and its audit entries record it. */
  adminRow: (row: Row) => Promise<unknown> | unknown;
  /** What else the write changes before the `after` row is read (an IPM sheet's crops). */
  afterWrite?: (id: number) => Promise<unknown>;
}

/**
 * Creates (`id` absent) or changes one reading-room item inside the caller's transaction: the row
 * locked (404 when there is none), written, its search row refreshed, and the audit entry with the
 * row before and after. Returns its id, and whether it is new.
 */
export async function writeReadingRoomItem<Row>(
  tx: Executor,
  actor: Viewer,
  id: number | undefined,
  item: ReadingRoomItemWrite<Row>,
): Promise<{ id: number; created: boolean }> {
  let row: Row | null = null;
  if (id !== undefined) {
    row = (await item.lock(id)) ?? null;
    if (!row) throw AppError.notFound(item.unknownMessage);
  }
  const before = row ? await item.adminRow(row) : undefined;
  const itemId = await item.write(row);
  await refreshReadingRoomSearch(tx, item.kind, [itemId]);
  await item.afterWrite?.(itemId);
  await recordAudit(tx, {
    actor,
    action: `${item.entity}.${row ? 'update' : 'create'}`,
    entity: item.entity,
    entityId: itemId,
    ...(before ? { before } : {}),
    after: await item.adminRow(await item.read(itemId)),
  });
  return { id: itemId, created: row === null };
}
