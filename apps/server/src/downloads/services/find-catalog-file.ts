import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { catalogDetails } from '../schema';
import { activeStatus } from './catalog-rows';

/** The stored file of an active catalog entry, or null. */
export async function findCatalogFile(
  db: Executor,
  id: number,
): Promise<{ key: string; fileName: string; contentType: string | null } | null> {
  const [row] = await db
    .select({ key: catalogDetails.storageKey, fileName: catalogDetails.file, contentType: catalogDetails.contentType })
    .from(catalogDetails)
    .where(
      and(eq(catalogDetails.id, id), eq(catalogDetails.status, activeStatus), isNotNull(catalogDetails.storageKey)),
    );
  return row?.key ? { key: row.key, fileName: row.fileName, contentType: row.contentType } : null;
}
