import { route } from '@react-router/dev/routes';

/** The reading room's pages (file paths relative to app/). */
export const readingRoomRoutes = [
  route('search/IPM', 'reading-room/ipm-search-route.tsx'),
  route('search/video', 'reading-room/media-search-route.tsx'),
  route('IPM', 'reading-room/ipm-list-route.tsx'),
  route('IPM/detail', 'reading-room/ipm-detail-route.tsx'),
  route('publication', 'reading-room/publication-list-route.tsx'),
  route('publication/detail', 'reading-room/publication-detail-route.tsx'),
  route('video', 'reading-room/video-list-route.tsx'),
  route('video/detail', 'reading-room/video-detail-route.tsx'),
  route('quick', 'reading-room/quick-list-route.tsx'),
  route('quick/detail', 'reading-room/quick-detail-route.tsx'),
  route('link', 'reading-room/link-route.tsx'),
  route('link/detail', 'reading-room/researcher-route.tsx'),
  route('news', 'reading-room/news-list-route.tsx'),
  route('news/detail', 'reading-room/news-detail-route.tsx'),
];
