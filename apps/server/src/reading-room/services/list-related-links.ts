import type { RelatedLink } from '@pest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { relatedLinks } from '../schema';

/** The links /link shows: not hidden, by their order. */
export async function listRelatedLinks(db: Executor): Promise<RelatedLink[]> {
  return db
    .select({
      id: relatedLinks.id,
      title: relatedLinks.title,
      description: relatedLinks.description,
      url: relatedLinks.url,
    })
    .from(relatedLinks)
    .where(eq(relatedLinks.hidden, false))
    .orderBy(asc(relatedLinks.sort), asc(relatedLinks.id));
}
