import type { MediaSearchResult, Paged } from '@pest/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/database/database';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { publications, readingRoomSearch, videos } from '../schema';
import { readingRoomTerm } from './reading-room-term';

export type MediaKind = 'publication' | 'video';

/**
 * Publications and/or videos whose title or summary holds the term by the platform's search rules
 * (those with it in the title first), newest first, as one paged list (the /search/video page and the searchResultV / searchResultB calls).
 * tp is '1' for a publication and '2' for a video.
 */
export async function searchMedia(
  db: Executor,
  input: { term: string; kinds: readonly MediaKind[]; page: number; pageSize: number },
): Promise<Paged<MediaSearchResult>> {
  const publicationTerm = readingRoomTerm(input.term, 'publication', publications.id);
  const videoTerm = readingRoomTerm(input.term, 'video', videos.id);
  const publicationWhere = and(eq(publications.status, 1), publicationTerm?.where);
  const videoWhere = and(eq(videos.status, 1), videoTerm?.where);
  const read = async (tx: Executor) => {
    // One kind's matching rows, in the columns the two kinds share (tp: '1' a publication, '2' a video).
    const kindRows = (
      table: typeof publications | typeof videos,
      tp: '1' | '2',
      term: ReturnType<typeof readingRoomTerm>,
      where: ReturnType<typeof and>,
    ) => {
      const query = tx
        .select({
          id: table.id,
          tp: sql<'1' | '2'>`${tp}::text`.as('tp'),
          title: table.title,
          detail: table.detail,
          publishedAt: table.publishedAt,
          coverPic: table.coverPic,
          coverWidth: table.coverWidth,
          coverHeight: table.coverHeight,
          nameFirst: (term?.nameFirst ?? sql<number>`0`).mapWith(Number).as('name_first'),
        })
        .from(table)
        .$dynamic();
      return (term ? query.innerJoin(readingRoomSearch, term.joinOn) : query).where(where);
    };
    const publicationRows = kindRows(publications, '1', publicationTerm, publicationWhere);
    const videoRows = kindRows(videos, '2', videoTerm, videoWhere);

    const countRows = (
      table: typeof publications | typeof videos,
      term: ReturnType<typeof readingRoomTerm>,
      where: ReturnType<typeof and>,
    ) => {
      const query = tx.select({ total: count() }).from(table).$dynamic();
      return (term ? query.innerJoin(readingRoomSearch, term.joinOn) : query).where(where);
    };
    const wantPublications = input.kinds.includes('publication');
    const wantVideos = input.kinds.includes('video');
    const offset = (input.page - 1) * input.pageSize;
    const rows =
      wantPublications && wantVideos
        ? await unionAll(publicationRows, videoRows)
            .orderBy(sql`name_first`, sql`published_at desc`, sql`tp`, sql`id desc`)
            .limit(input.pageSize)
            .offset(offset)
        : wantPublications
          ? await publicationRows
              .orderBy(sql`name_first`, sql`published_at desc`, sql`id desc`)
              .limit(input.pageSize)
              .offset(offset)
          : wantVideos
            ? await videoRows
                .orderBy(sql`name_first`, sql`published_at desc`, sql`id desc`)
                .limit(input.pageSize)
                .offset(offset)
            : [];
    const [publicationCount, videoCount] = await Promise.all([
      wantPublications ? countRows(publications, publicationTerm, publicationWhere) : [{ total: 0 }],
      wantVideos ? countRows(videos, videoTerm, videoWhere) : [{ total: 0 }],
    ]);
    return { rows, publicationCount, videoCount };
  };
  // A term is looked up in the gram index, never by reading every item's grams (decision 0382), as the IPM search is.
  const hasTerm = publicationTerm !== null || videoTerm !== null;
  const { rows, publicationCount, videoCount } = await (hasTerm ? throughGramIndex(db, read) : read(db));
  return {
    total: (publicationCount[0]?.total ?? 0) + (videoCount[0]?.total ?? 0),
    page: input.page,
    pageSize: input.pageSize,
    items: rows.map((row) => ({
      id: row.id,
      tp: row.tp,
      title: row.title,
      detail: row.detail,
      published_at: row.publishedAt.toISOString(),
      img: row.coverPic,
      img_width: row.coverWidth,
      img_height: row.coverHeight,
    })),
  };
}
