import { route, type RouteConfig } from '@react-router/dev/routes';
import { adminRoutes } from './admin/routes';
import { accountsRoutes } from './accounts/routes';
import { catalogueAdminScreens, catalogueRoutes } from './catalogue/routes';
import { consultationAdminScreens, consultationRoutes } from './consultation/routes';
import { discussionRoutes } from './discussion/routes';
import { contactRoutes } from './contact/routes';
import { downloadsRoutes } from './downloads/routes';
import { readingRoomRoutes } from './reading-room/routes';
import { recordsAdminScreens, recordsRoutes } from './records/routes';
import { offlineRoutes } from './offline/routes';
import { alertsRoutes } from './alerts/routes';
import { shellRoutes } from './shell/routes';

// Each feature lists its own pages: one line per feature.
export default [
  ...shellRoutes,
  ...recordsRoutes,
  ...readingRoomRoutes,
  ...adminRoutes([...consultationAdminScreens, ...catalogueAdminScreens, ...recordsAdminScreens]),
  ...accountsRoutes,
  ...consultationRoutes,
  ...discussionRoutes,
  ...contactRoutes,
  ...downloadsRoutes,
  ...catalogueRoutes,
  ...offlineRoutes,
  ...alertsRoutes,
  // Unknown paths go home; this stays the last entry.
  route('*', 'shell/unknown-path-route.tsx'),
] satisfies RouteConfig;
