import type { NewsPicture } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import { news, newsPictures } from '../schema';

/**
 * A news item's pictures as the product API gives them (`pics`), in their order, read in the same
 * query as the item: a column to select beside `news`' own.
 */
export const newsPicturesColumn = sql<NewsPicture[]>`coalesce((
  select json_agg(json_build_object(
    'file', ${newsPictures.file}, 'alt', ${newsPictures.alt},
    'width', ${newsPictures.width}, 'height', ${newsPictures.height}
  ) order by ${newsPictures.sort}, ${newsPictures.id})
  from ${newsPictures} where ${newsPictures.newsId} = ${news.id}
), '[]'::json)`;
