import { readingRoomAdminMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { researchers } from '../schema';
import { researcherAdminRow } from './researcher-admin-row';

/** Removes a researcher from the directory, audited, in one transaction. */
export async function deleteResearcher(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(researchers).where(eq(researchers.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomAdminMessages.researcherUnknown);
    await recordAudit(tx, {
      actor,
      action: 'researcher.delete',
      entity: 'researcher',
      entityId: id,
      before: researcherAdminRow(row),
    });
  });
}
