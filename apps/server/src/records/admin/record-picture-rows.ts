import type { AdminListPage, AdminListQuery, PictureClass, recordPicturesAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { recordPictures, records } from '../schema';

type Filters = z.output<(typeof recordPicturesAdminContract)['filters']>;
type Row = z.input<(typeof recordPicturesAdminContract)['row']>;
type PictureRow = typeof recordPictures.$inferSelect;

/** A picture as the admin shows and edits it (an audit entry's before and after too). */
export function recordPictureRowOf(picture: PictureRow, recordName: string, size?: { width: number; height: number }) {
  return {
    id: picture.id,
    record_id: picture.recordId,
    record_name: recordName,
    class: picture.class as PictureClass,
    caption: picture.caption,
    credit: picture.credit,
    licence: picture.licence,
    sort: picture.sort,
    hidden: !picture.display,
    width: size?.width ?? picture.width,
    height: size?.height ?? picture.height,
    upload: picture.storedFileId,
    updated_at: picture.updatedAt.toISOString(),
  } satisfies Row;
}

const sortColumns = { id: recordPictures.id, sort: recordPictures.sort, updated_at: recordPictures.updatedAt } as const;

/** Pictures for the admin list, by record and class; `id` reads one. */
export async function listRecordPictureRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const where = and(
    id === undefined ? undefined : eq(recordPictures.id, id),
    query.filters.record_id === undefined ? undefined : eq(recordPictures.recordId, query.filters.record_id),
    query.filters.class === undefined ? undefined : eq(recordPictures.class, query.filters.class),
  );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? recordPictures.sort;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        picture: recordPictures,
        recordName: records.cName,
        width: sql<number>`coalesce(${storedFiles.width}, ${recordPictures.width})`.mapWith(Number),
        height: sql<number>`coalesce(${storedFiles.height}, ${recordPictures.height})`.mapWith(Number),
      })
      .from(recordPictures)
      .innerJoin(records, eq(records.id, recordPictures.recordId))
      .leftJoin(storedFiles, eq(storedFiles.id, recordPictures.storedFileId))
      .where(where)
      .orderBy(direction(column), asc(recordPictures.recordId), asc(recordPictures.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(recordPictures).where(where),
  ]);
  return {
    rows: rows.map((row) => recordPictureRowOf(row.picture, row.recordName, row)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
