import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The admin shell: every screen is generated from a resource's contract.
 * A feature may add screens of its own inside the shell (`screens`, given by the app's route list):
 * paths relative to /admin whose static segments win over the generic `:resource` screens.
 */
export const adminRoutes = (screens: RouteConfigEntry[] = []) => [
  route('admin', 'admin/admin-layout-route.tsx', [
    index('admin/admin-home-route.tsx'),
    ...screens,
    route(':resource', 'admin/admin-list-route.tsx'),
    route(':resource/new', 'admin/admin-create-route.tsx'),
    route(':resource/:id', 'admin/admin-detail-route.tsx'),
    route(':resource/:id/edit', 'admin/admin-edit-route.tsx'),
    route(':resource/:id/delete', 'admin/admin-delete-route.tsx'),
  ]),
];
