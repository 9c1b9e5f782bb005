import type {
  AdminListPage,
  AdminListQuery,
  catalogDetailsAdminContract,
  catalogTypesAdminContract,
} from '@pest/contracts';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';
import { adminTextFilter } from '../../platform/admin/admin-list-search';

type TypeRow = z.input<typeof catalogTypesAdminContract.row>;
type DetailRow = z.input<typeof catalogDetailsAdminContract.row>;

/** The download types as the admin lists them, with how many files each holds. */
export async function listCatalogTypeRows(
  db: Executor,
  query: AdminListQuery<unknown>,
  id?: number,
): Promise<AdminListPage<TypeRow>> {
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'id' ? catalogTypes.id : catalogTypes.indexId;
  const rows = await db
    .select({ type: catalogTypes, files: count(catalogRelations.id) })
    .from(catalogTypes)
    .leftJoin(catalogRelations, eq(catalogRelations.catalogTypeId, catalogTypes.id))
    .where(id === undefined ? undefined : eq(catalogTypes.id, id))
    .groupBy(catalogTypes.id)
    .orderBy(direction(column), direction(catalogTypes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(catalogTypes);
  return {
    rows: rows.map(({ type, files }) => ({
      id: type.id,
      name: type.name,
      status: type.status,
      index_id: type.indexId,
      files: Number(files),
    })),
    total: Number(total?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The download files as the admin lists them, with their types' names and ids. */
export async function listCatalogDetailRows(
  db: Executor,
  query: AdminListQuery<{ q?: string | undefined }>,
  id?: number,
): Promise<AdminListPage<DetailRow>> {
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'id' ? catalogDetails.id : catalogDetails.sort;
  const q = query.filters.q;
  const where =
    id !== undefined ? eq(catalogDetails.id, id) : adminTextFilter(q, [catalogDetails.title, catalogDetails.file]);
  const rows = await db
    .select()
    .from(catalogDetails)
    .where(where)
    .orderBy(direction(column), direction(catalogDetails.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(catalogDetails).where(where);
  const relations =
    rows.length === 0
      ? []
      : await db
          .select({ detailId: catalogRelations.catalogDetailId, typeId: catalogTypes.id, name: catalogTypes.name })
          .from(catalogRelations)
          .innerJoin(catalogTypes, eq(catalogTypes.id, catalogRelations.catalogTypeId))
          .where(
            inArray(
              catalogRelations.catalogDetailId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(catalogTypes.indexId), asc(catalogTypes.id));
  return {
    rows: rows.map((row) => {
      const mine = relations.filter((relation) => relation.detailId === row.id);
      return {
        id: row.id,
        title: row.title,
        file: row.file,
        status: row.status,
        sort: row.sort,
        types: mine.map((relation) => relation.name).join('、'),
        catalog_type_ids: mine.map((relation) => relation.typeId).join(', '),
        size: row.size,
        stored: row.storageKey !== null,
        demo: row.demo,
        upload: row.storedFileId,
      };
    }),
    total: Number(total?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
