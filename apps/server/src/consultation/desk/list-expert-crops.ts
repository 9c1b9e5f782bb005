import type { AdminListPage, AdminListQuery, expertCropsAdminContract } from '@pest/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { listMemberNames } from '../../accounts';
import type { Database } from '../../platform/database/database';
import { consultationCases, consultationCrops, consultationExpertCrops } from '../schema';

type Filters = z.output<typeof expertCropsAdminContract.filters>;
type Row = z.input<typeof expertCropsAdminContract.row>;

/** Which experts answer which crop, with each expert's cases waiting for a reply (few rows: sorted here). */
export async function listExpertCrops(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const pairs = await db
    .select({
      memberId: consultationExpertCrops.memberId,
      cropId: consultationExpertCrops.cropId,
      crop: consultationCrops.cname,
    })
    .from(consultationExpertCrops)
    .innerJoin(consultationCrops, eq(consultationCrops.id, consultationExpertCrops.cropId));
  const ids = [...new Set(pairs.map((pair) => pair.memberId))];
  const [names, loads] = await Promise.all([
    listMemberNames(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ expert: consultationCases.assignedExpertId, open: count() })
          .from(consultationCases)
          .where(and(eq(consultationCases.status, 'submitted'), inArray(consultationCases.assignedExpertId, ids)))
          .groupBy(consultationCases.assignedExpertId),
  ]);
  const loadOf = new Map(loads.map((load) => [load.expert, load.open]));
  const term = query.filters.q ?? '';
  const rows = pairs
    .map((pair) => {
      const expert = names.get(pair.memberId) ?? `會員 ${pair.memberId}`;
      return {
        key: `${pair.memberId}-${pair.cropId}`,
        title: `${pair.crop}：${expert}`,
        expert,
        crop: pair.crop,
        open_cases: loadOf.get(pair.memberId) ?? 0,
      };
    })
    .filter((row) => !term || row.crop.includes(term) || row.expert.includes(term));
  const sign = query.sort.direction === 'desc' ? -1 : 1;
  const key = query.sort.key === 'expert' ? 'expert' : 'crop';
  rows.sort((a, b) => sign * a[key].localeCompare(b[key], 'zh-Hant') || a.key.localeCompare(b.key));
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
