import type { PesticideSource } from '@pest/contracts';
import type { Executor } from '../../platform/database/database';
import { findCurrentImport } from '../pesticides/pesticide-data-state';
import { pesticideSampleFileName } from '../pesticides/pesticide-sample';

/**
 * The source and snapshot date of the data on the site (the applied import applied last, not a
 * pending preview nor a rolled-back import); source '' and nulls when nothing is imported.
 * `sample` while that import is the demo's partial sample, not the institute's full data.
 */
export async function getPesticideSource(db: Executor): Promise<PesticideSource> {
  const current = await findCurrentImport(db);
  if (!current) return { source: '', snapshotDate: null, importedAt: null, sample: false };
  return {
    source: current.source,
    snapshotDate: current.snapshotDate,
    importedAt: (current.importedAt ?? current.createdAt).toISOString(),
    sample: current.fileName === pesticideSampleFileName,
  };
}
