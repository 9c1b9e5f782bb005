import { asc } from 'drizzle-orm';
import type { SitemapEntry } from '../../../platform/sitemap/sitemap-source';
import type { Database } from '../../../platform/database/database';
import { consultationCases } from '../../schema';
import { isPublic } from '../advisory-mappers';

/** The archive and every published case's page, for sitemap.xml. */
export async function listAdvisorySitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: consultationCases.id, updatedAt: consultationCases.updatedAt })
    .from(consultationCases)
    .where(isPublic)
    .orderBy(asc(consultationCases.id));
  const newest = rows.reduce<Date | null>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  );
  return [
    { path: '/consultation/advisory', lastModified: newest },
    ...rows.map((row) => ({ path: `/consultation/advisory/detail?id=${row.id}`, lastModified: row.updatedAt })),
  ];
}
