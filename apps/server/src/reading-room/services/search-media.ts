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
    const publicationQuery = tx
      .select({
        id: publications.id,
        tp: sql<'1' | '2'>`'1'`.as('tp'),
        title: publications.title,
        detail: publications.detail,
        publishedAt: publications.publishedAt,
        coverPic: publications.coverPic,
        coverWidth: publications.coverWidth,
        coverHeight: publications.coverHeight,
        nameFirst: (publicationTerm?.nameFirst ?? sql<number>`0`).mapWith(Number).as('name_first'),
      })
      .from(publications)
      .$dynamic();
    const publicationRows = (
      publicationTerm ? publicationQuery.innerJoin(readingRoomSearch, publicationTerm.joinOn) : publicationQuery
    ).where(publicationWhere);
    const videoQuery = tx
      .select({
        id: videos.id,
        tp: sql<'1' | '2'>`'2'`.as('tp'),
        title: videos.title,
        detail: videos.detail,
        publishedAt: videos.publishedAt,
        coverPic: videos.coverPic,
        coverWidth: videos.coverWidth,
        coverHeight: videos.coverHeight,
        nameFirst: (videoTerm?.nameFirst ?? sql<number>`0`).mapWith(Number).as('name_first'),
      })
      .from(videos)
      .$dynamic();
    const videoRows = (videoTerm ? videoQuery.innerJoin(readingRoomSearch, videoTerm.joinOn) : videoQuery).where(
      videoWhere,
    );

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
