import { newsClassFromQuery, readingRoomPageSizes } from '@pest/contracts';
import type { AppLoadContext } from 'react-router';

/** Home query parameter holding the selected news tab. */
export const homeNewsParam = 'news';

/** What the home page's news and IPM sections need. */
export async function loadHomeReadingRoom(request: Request, context: AppLoadContext) {
  const newsClass = newsClassFromQuery(new URL(request.url).searchParams.get(homeNewsParam));
  const { readingRoom } = context.services;
  const [news, ipmTopics] = await Promise.all([
    readingRoom.listNews({ class: newsClass, page: 1, pageSize: readingRoomPageSizes.homeNews }),
    readingRoom.listIpmTopics(),
  ]);
  return { newsClass, news: news.items, ipmTopics };
}

/** An IPM category on the home page: its sheets' count and its first sheet's cover. */
export type IpmTopic = Awaited<ReturnType<typeof loadHomeReadingRoom>>['ipmTopics'][number];
