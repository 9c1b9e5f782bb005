import { readingRoomAdminMessages, type PublicationState } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { news } from '../schema';
import { newsAdminRow } from './news-admin-row';

/**
 * Publishes a news item (public from its post_at) or takes it back to a draft, audited, in one
 * transaction. The same state again writes nothing: returns whether it changed.
 */
export async function setNewsState(db: Database, actor: Viewer, id: number, state: PublicationState): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.newsUnknown);
    if ((row.status !== 0) === (state === 'published')) return false;
    const [after] = await tx
      .update(news)
      .set({ status: state === 'published' ? 1 : 0 })
      .where(eq(news.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: state === 'published' ? 'news.publish' : 'news.unpublish',
      entity: 'news',
      entityId: id,
      before: newsAdminRow(row),
      after: newsAdminRow(after!),
    });
    return true;
  });
}
