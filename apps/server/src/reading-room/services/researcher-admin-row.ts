import type { researchersAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { researchers } from '../schema';

export type ResearcherAdminRow = z.input<typeof researchersAdminContract.row>;

/** A researcher as the admin lists and shows them, and as their audit entries record them. */
export function researcherAdminRow(row: typeof researchers.$inferSelect): ResearcherAdminRow {
  return {
    id: row.id,
    name: row.name,
    room: row.room,
    job: row.job,
    sex: row.sex,
    specialty: row.specialty,
    link: row.link ?? '',
    sort: row.sort,
    demo: row.demo,
  };
}
