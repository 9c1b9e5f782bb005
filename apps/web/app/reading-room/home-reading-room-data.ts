import { newsClassFromQuery, readingRoomPageSizes, type IpmSheet } from '@pest/contracts';
import type { AppLoadContext } from 'react-router';

/** Home query parameter holding the selected news tab. */
export const homeNewsParam = 'news';

export interface IpmTopic {
  name: string;
  count: number;
  img: string | null;
  img_width: number | null;
  img_height: number | null;
}

/** IPM categories in menu order, each with its number of sheets and the cover of its first sheet. */
export function ipmTopics(sheets: IpmSheet[]): IpmTopic[] {
  const topics = new Map<string, IpmTopic>();
  for (const sheet of sheets) {
    const topic = topics.get(sheet.name);
    if (topic) topic.count += 1;
    else
      topics.set(sheet.name, {
        name: sheet.name,
        count: 1,
        img: sheet.img,
        img_width: sheet.img_width,
        img_height: sheet.img_height,
      });
  }
  return [...topics.values()];
}

/** What the home page's news and IPM sections need. */
export async function loadHomeReadingRoom(request: Request, context: AppLoadContext) {
  const newsClass = newsClassFromQuery(new URL(request.url).searchParams.get(homeNewsParam));
  const { readingRoom } = context.services;
  const [news, sheets] = await Promise.all([
    readingRoom.listNews({ class: newsClass, page: 1, pageSize: readingRoomPageSizes.homeNews }),
    readingRoom.listIpmSheets(),
  ]);
  return { newsClass, news: news.items, ipmTopics: ipmTopics(sheets) };
}
