import type { NewsPicture } from '@pest/contracts';
import { sql } from 'drizzle-orm';

/**
 * A news item's pictures as the product API gives them (`pics`), in their order, read in the same
 * query as the item: a column to select beside `news`' own. Written out in full: inside a select
 * list Drizzle names columns without their table, and the subquery must name the outer `news` row.
 */
export const newsPicturesColumn = sql<NewsPicture[]>`coalesce((
  select json_agg(json_build_object(
    'file', "news_pictures"."file", 'alt', "news_pictures"."alt",
    'width', "news_pictures"."width", 'height', "news_pictures"."height"
  ) order by "news_pictures"."sort", "news_pictures"."id")
  from "news_pictures" where "news_pictures"."news_id" = "news"."id"
), '[]'::json)`;
