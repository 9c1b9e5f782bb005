import { readingRoomAdminMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { news } from '../schema';
import { newsAdminRow } from './news-admin-row';

/** Deletes a news item, audited, in one transaction (its seeded files stay with the seed). */
export async function deleteNews(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomAdminMessages.newsUnknown);
    await recordAudit(tx, { actor, action: 'news.delete', entity: 'news', entityId: id, before: newsAdminRow(row) });
  });
}
