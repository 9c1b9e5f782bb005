import { pesticideSampleNotice, pesticideUseNotice, type OpenDataPesticideUses } from '@pest/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';
import { getPesticideSource } from '../services/get-pesticide-source';

/** The registered uses on the site (not a preview, not a replaced row), in source order, with their source and date. */
export async function listOpenDataPesticideUses(db: Executor): Promise<OpenDataPesticideUses['data']> {
  const [source, rows] = await Promise.all([
    getPesticideSource(db),
    db
      .select()
      .from(pesticideUses)
      .where(isCurrentUse)
      .orderBy(sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id)),
  ]);
  return {
    title: '農藥登記使用範圍',
    ...source,
    notice: source.sample ? `${pesticideSampleNotice}${pesticideUseNotice}` : pesticideUseNotice,
    count: rows.length,
    items: rows.map((row) => ({ ...toPesticideEntry(row), plant: row.plant, sourceRow: row.sourceRow })),
  };
}
