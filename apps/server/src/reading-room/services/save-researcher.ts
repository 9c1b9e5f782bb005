import { readingRoomAdminMessages, type researcherWriteSchema } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { researchers } from '../schema';
import { researcherAdminRow } from './researcher-admin-row';

export type ResearcherInput = z.output<typeof researcherWriteSchema>;

/**
 * Adds a researcher (`id` absent) or changes one, audited, in one transaction. The directory has no
 * drafts (decision 0240): a save is public at once. A second create of the same name in the same
 * room (a double click) returns the first entry. Entries an editor writes are not demo entries.
 */
export async function saveResearcher(
  db: Database,
  actor: Viewer,
  input: ResearcherInput,
  id?: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const values = {
      name: input.name,
      room: input.room,
      job: input.job,
      sex: input.sex,
      specialty: input.specialty,
      link: input.link === '' ? null : input.link,
      sort: input.sort,
      demo: false,
    };
    if (id === undefined) {
      const [repeated] = await tx
        .select({ id: researchers.id })
        .from(researchers)
        .where(and(eq(researchers.name, input.name), eq(researchers.room, input.room)));
      if (repeated) return repeated.id;
      const [created] = await tx.insert(researchers).values(values).returning();
      await recordAudit(tx, {
        actor,
        action: 'researcher.create',
        entity: 'researcher',
        entityId: created!.id,
        after: researcherAdminRow(created!),
      });
      return created!.id;
    }
    const [row] = await tx.select().from(researchers).where(eq(researchers.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.researcherUnknown);
    const [after] = await tx.update(researchers).set(values).where(eq(researchers.id, id)).returning();
    await recordAudit(tx, {
      actor,
      action: 'researcher.update',
      entity: 'researcher',
      entityId: id,
      before: researcherAdminRow(row),
      after: researcherAdminRow(after!),
    });
    return id;
  });
}
