import { route, type RouteConfigEntry } from '@react-router/dev/routes';
import { formRoutes } from './form/routes';

/** Consultation's pages (advisory, advisory/detail, form). */
export const consultationRoutes: RouteConfigEntry[] = [
  route('consultation/advisory', 'consultation/advisory/advisory-list-route.tsx'),
  route('consultation/advisory/detail', 'consultation/advisory/advisory-detail-route.tsx'),
  // The diagnosis wizard (wizard/, decision 0151).
  route('consultation', 'consultation/wizard/wizard-route.tsx'),
  ...formRoutes,
  route('consultation/follow-up', 'consultation/desk/follow-up-route.tsx'),
];

/** The expert desk's own screens inside /admin (paths relative to it); the queue is a generic resource. */
export const consultationAdminScreens: RouteConfigEntry[] = [
  route('consultation-cases/:id', 'consultation/desk/desk-case-route.tsx'),
];
