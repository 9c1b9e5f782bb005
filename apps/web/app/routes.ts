import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('site/home-route.tsx'),
  route('search', 'records/search-redirect-route.tsx', { id: 'search-redirect' }),
  route('search/detail', 'records/search-redirect-route.tsx', { id: 'search-detail-redirect' }),
  route('search/bug', 'records/record-search-route.tsx'),
  route('search/bug/detail', 'records/record-detail-route.tsx'),
  route('search/bug/detail2', 'records/pesticide-route.tsx'),
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
  // Unknown paths go home (spec §2); this stays the last entry.
  route('*', 'site/unknown-path-route.tsx'),
] satisfies RouteConfig;
