import { parseTaiwanDateTime, readingRoomAdminMessages, type newsWriteSchema } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { news } from '../schema';
import { contentHtml } from './content-html';
import { newsAdminRow } from './news-admin-row';

export type NewsInput = z.output<typeof newsWriteSchema>;

/**
 * Creates a news item (`id` absent) or changes one, audited, in one transaction. Its post_at is the
 * Taiwan time the editor gave, or now when left empty; a published item is public from then on
 * (scheduled publishing).
 */
export async function saveNews(
  db: Database,
  actor: Viewer,
  input: NewsInput,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  const postAt = input.post_at === '' ? null : parseTaiwanDateTime(input.post_at);
  if (input.post_at !== '' && !postAt) {
    throw AppError.invalid([{ path: 'post_at', message: readingRoomAdminMessages.postAtInvalid }]);
  }
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      class: input.class,
      summary: input.summary,
      content: contentHtml(input.content),
      status: input.state === 'published' ? 1 : 0,
      postAt: postAt ?? sql`now()`,
    };
    let before: ReturnType<typeof newsAdminRow> | null = null;
    let itemId: number;
    if (id === undefined) {
      const [created] = await tx.insert(news).values(values).returning({ id: news.id });
      itemId = created!.id;
    } else {
      const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomAdminMessages.newsUnknown);
      before = newsAdminRow(row);
      await tx.update(news).set(values).where(eq(news.id, id));
      itemId = id;
    }
    const [after] = await tx.select().from(news).where(eq(news.id, itemId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'news.create' : 'news.update',
      entity: 'news',
      entityId: itemId,
      ...(before ? { before } : {}),
      after: newsAdminRow(after!),
    });
    return { id: itemId, created: id === undefined };
  });
}
