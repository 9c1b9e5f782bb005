import type { Researcher } from '@pest/contracts';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { researchers } from '../schema';

export async function listResearchers(db: Executor): Promise<Researcher[]> {
  const rows = await db.select().from(researchers).orderBy(asc(researchers.sort), asc(researchers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    room: row.room,
    job: row.job,
    sex: row.sex,
    do: row.specialty,
    link: row.link,
    demo: row.demo,
  }));
}
