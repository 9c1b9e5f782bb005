import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The records feature's pages (file paths relative to app/). */
export const recordsRoutes = [
  route('search', 'records/search-redirect-route.tsx', { id: 'search-redirect' }),
  route('search/detail', 'records/search-redirect-route.tsx', { id: 'search-detail-redirect' }),
  route('search/bug', 'records/record-search-route.tsx'),
  route('search/bug/detail', 'records/record-detail-route.tsx'),
  route('search/bug/detail2', 'records/pesticide-route.tsx'),
  route('search/bug/crop', 'records/crop-pesticide-route.tsx'),
  route('search/bug/factsheet', 'records/record-factsheet-route.tsx'),
  route('open-data', 'records/open-data-route.tsx'),
];

/** The pesticide import's own screens inside /admin (paths relative to it; decision 0235). */
export const recordsAdminScreens: RouteConfigEntry[] = [
  route('pesticide-imports', 'records/pesticide-imports/pesticide-imports-route.tsx'),
  route('pesticide-imports/new', 'records/pesticide-imports/pesticide-import-new-route.tsx'),
  route('pesticide-imports/:id', 'records/pesticide-imports/pesticide-import-route.tsx'),
  route('pesticide-imports/:id/rollback', 'records/pesticide-imports/pesticide-import-rollback-route.tsx'),
];
