import type { MediaSearchResult, Paged } from '@pest/contracts';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/database/database';
import { publications, videos } from '../schema';
import { containsPattern } from './like-pattern';

export type MediaKind = 'publication' | 'video';

/**
 * Publications and/or videos whose title or summary contains the term, newest first, as one
 * paged list (the /search/video page and the searchResultV / searchResultB calls).
 * tp is '1' for a publication and '2' for a video (pest-information.md §3).
 */
export async function searchMedia(
  db: Executor,
  input: { term: string; kinds: readonly MediaKind[]; page: number; pageSize: number },
): Promise<Paged<MediaSearchResult>> {
  const pattern = containsPattern(input.term);
  const publicationWhere = and(
    eq(publications.status, 1),
    input.term ? or(ilike(publications.title, pattern), ilike(publications.detail, pattern)) : undefined,
  );
  const videoWhere = and(
    eq(videos.status, 1),
    input.term ? or(ilike(videos.title, pattern), ilike(videos.detail, pattern)) : undefined,
  );
  const publicationRows = db
    .select({
      id: publications.id,
      tp: sql<'1' | '2'>`'1'`.as('tp'),
      title: publications.title,
      detail: publications.detail,
      publishedAt: publications.publishedAt,
      coverPic: publications.coverPic,
      coverWidth: publications.coverWidth,
      coverHeight: publications.coverHeight,
    })
    .from(publications)
    .where(publicationWhere);
  const videoRows = db
    .select({
      id: videos.id,
      tp: sql<'1' | '2'>`'2'`.as('tp'),
      title: videos.title,
      detail: videos.detail,
      publishedAt: videos.publishedAt,
      coverPic: videos.coverPic,
      coverWidth: videos.coverWidth,
      coverHeight: videos.coverHeight,
    })
    .from(videos)
    .where(videoWhere);

  const wantPublications = input.kinds.includes('publication');
  const wantVideos = input.kinds.includes('video');
  const offset = (input.page - 1) * input.pageSize;
  const rows =
    wantPublications && wantVideos
      ? await unionAll(publicationRows, videoRows)
          .orderBy(sql`published_at desc`, sql`tp`, sql`id desc`)
          .limit(input.pageSize)
          .offset(offset)
      : wantPublications
        ? await publicationRows
            .orderBy(sql`published_at desc`, sql`id desc`)
            .limit(input.pageSize)
            .offset(offset)
        : wantVideos
          ? await videoRows
              .orderBy(sql`published_at desc`, sql`id desc`)
              .limit(input.pageSize)
              .offset(offset)
          : [];
  const [publicationCount, videoCount] = await Promise.all([
    wantPublications ? db.select({ total: count() }).from(publications).where(publicationWhere) : [{ total: 0 }],
    wantVideos ? db.select({ total: count() }).from(videos).where(videoWhere) : [{ total: 0 }],
  ]);
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
