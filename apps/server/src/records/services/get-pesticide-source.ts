import type { PesticideSource } from '@pest/contracts';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { pesticideSampleFileName } from '../pesticides/pesticide-sample';
import { pesticideImports } from '../schema';

/**
 * The latest import's source and snapshot date; source '' and nulls when nothing is imported.
 * `sample` while that import is the demo's partial sample, not the institute's full data.
 */
export async function getPesticideSource(db: Executor): Promise<PesticideSource> {
  const [latest] = await db.select().from(pesticideImports).orderBy(desc(pesticideImports.id)).limit(1);
  if (!latest) return { source: '', snapshotDate: null, importedAt: null, sample: false };
  return {
    source: latest.source,
    snapshotDate: latest.snapshotDate,
    importedAt: latest.importedAt.toISOString(),
    sample: latest.fileName === pesticideSampleFileName,
  };
}
