import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The expert discussion area (/expert/form, /expert/detail/{id}). */
export const discussionRoutes: RouteConfigEntry[] = [
  route('expert', 'discussion/discussion-list-route.tsx'),
  route('expert/form', 'discussion/discussion-form-route.tsx'),
  route('expert/detail/:id', 'discussion/discussion-detail-route.tsx'),
];
