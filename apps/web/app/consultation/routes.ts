import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Consultation's pages (spec pest-information §2: /consultation, advisory, advisory/detail, form). */
export const consultationRoutes: RouteConfigEntry[] = [];
