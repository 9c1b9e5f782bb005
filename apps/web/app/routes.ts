import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('site/home-route.tsx'),
  // Unknown paths go home (spec §2); this stays the last entry.
  route('*', 'site/unknown-path-route.tsx'),
] satisfies RouteConfig;
