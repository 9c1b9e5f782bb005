import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The storefront's pages. */
export const catalogueRoutes = [
  route('products', 'catalogue/products-route.tsx'),
  route('products/content/:id', 'catalogue/product-route.tsx'),
  route('courses/content', 'catalogue/courses-route.tsx'),
  route('about', 'catalogue/about-route.tsx'),
  route('inquiry', 'catalogue/inquiry-route.tsx'),
  // the guard covers the inquiry's children too; they show the same page.
  route('inquiry/*', 'catalogue/inquiry-route.tsx', { id: 'inquiry-children' }),
  // The member's own order changes from /member: form posts answered with /member (decision 0367).
  route('member/orders', 'catalogue/member-order-action-route.ts'),
];

/** The catalogue's own screen inside /admin (paths relative to /admin): drag-to-reorder over the `*-by-index-ids` call. */
export const catalogueAdminScreens: RouteConfigEntry[] = [
  route('catalogue-order/:collection', 'catalogue/reorder-route.tsx'),
];
