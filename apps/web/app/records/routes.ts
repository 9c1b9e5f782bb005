import { route } from '@react-router/dev/routes';

/** The records feature's pages (file paths relative to app/). */
export const recordsRoutes = [
  route('search', 'records/search-redirect-route.tsx', { id: 'search-redirect' }),
  route('search/detail', 'records/search-redirect-route.tsx', { id: 'search-detail-redirect' }),
  route('search/bug', 'records/record-search-route.tsx'),
  route('search/bug/detail', 'records/record-detail-route.tsx'),
  route('search/bug/detail2', 'records/pesticide-route.tsx'),
  route('search/bug/factsheet', 'records/record-factsheet-route.tsx'),
];
