import { catalogueCollections } from '@pest/contracts';
import {
  type Row,
  type Expected,
  everyone,
  signedIn,
  signedInPage,
  staffOnly,
  staffPage,
  editorsOnly,
} from '../../platform/test/authorisation-table';

/** The storefront: the catalogue's reads for everyone, the spec's writes for editors, a member's own cart and orders. */
const catalogueWrites: Record<string, ReadonlyArray<'POST' | 'PUT' | 'DELETE'>> = {
  'product-details': ['POST', 'PUT', 'DELETE'],
  courses: ['POST', 'PUT', 'DELETE'],
  'course-types': ['POST', 'PUT', 'DELETE'],
  'product-bundles': ['POST', 'PUT', 'DELETE'],
  'brand-introductions': ['POST', 'PUT'],
};
const catalogueWriteBody: Record<string, object> = {
  'product-details': { title: '矩陣測試說明' },
  courses: { title: '矩陣測試課程' },
  'course-types': { name: '矩陣測試類別' },
  'product-bundles': { title: '矩陣測試活動', product_ids: '[1]' },
  'brand-introductions': { title: '矩陣測試品牌' },
};
/** A member's own (member B's) orders: B and admins read them (editors need no buyer's details, decision 0299). */
const memberBsOrders: Expected = { anonymous: 401, memberA: 403, memberB: 200, expert: 403, editor: 403, admin: 200 };
const memberBsCart: Expected = { anonymous: 401, memberA: 403, memberB: 200, expert: 403, editor: 403, admin: 403 };
/** The catalogue rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const catalogueAuthorisationRows: Row[] = [
  ...Object.values(catalogueCollections).flatMap(({ path }): Row[] => [
    { route: `GET /api/v1/${path}`, url: `/api/v1/${path}`, expect: everyone(200) },
    { route: `GET /api/v1/${path}/:id`, url: `/api/v1/${path}/1`, expect: everyone(200) },
    ...(catalogueWrites[path] ?? []).map((method): Row =>
      method === 'POST'
        ? {
            route: `POST /api/v1/${path}`,
            url: `/api/v1/${path}`,
            payload: catalogueWriteBody[path],
            expect: editorsOnly(201),
          }
        : method === 'PUT'
          ? {
              route: `PUT /api/v1/${path}/:id`,
              url: `/api/v1/${path}/1`,
              payload: catalogueWriteBody[path],
              expect: editorsOnly(200),
            }
          : {
              route: `DELETE /api/v1/${path}/:id`,
              url: `/api/v1/${path}/999999`,
              expect: editorsOnly(404),
              why: 'no such row',
            },
    ),
  ]),
  ...[
    'products-by-user',
    'product-types-by-parent',
    'product-details-by-type',
    'product-relations-by-product-type',
    'courses-by-parent',
    'course-types-by-parent',
  ].map((path): Row => ({ route: `GET /api/v1/${path}/:id`, url: `/api/v1/${path}/1`, expect: everyone(200) })),
  {
    route: 'GET /api/v1/products-preview/:id',
    url: '/api/v1/products-preview/1',
    expect: { ...staffOnly({}), editor: 403, admin: 403 },
    why: 'staff with a bearer token only; a session cookie is not enough (catalogue-routes.test.ts)',
  },
  {
    route: 'GET /api/v1/product-package-by-name/:name',
    url: '/api/v1/product-package-by-name/field-monitoring',
    expect: everyone(200),
  },
  {
    route: 'GET /api/v1/product-bundles-in-activity',
    url: '/api/v1/product-bundles-in-activity',
    expect: everyone(200),
  },
  {
    route: 'PUT /api/v1/product-details-by-index-ids',
    url: '/api/v1/product-details-by-index-ids',
    payload: { ids: [1], index_ids: [1] },
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/shopping-carts',
    url: '/api/v1/shopping-carts',
    payload: { products_id: 1, qty: 1 },
    expect: signedIn(200),
    why: 'into their own cart',
  },
  {
    route: 'PUT /api/v1/shopping-carts/:id',
    url: '/api/v1/shopping-carts/999999',
    payload: { qty: 2 },
    expect: signedIn(404),
    why: "no such line of theirs (another member's line is not found either)",
  },
  { route: 'DELETE /api/v1/shopping-carts/:id', url: '/api/v1/shopping-carts/999999', expect: signedIn(404) },
  {
    route: 'GET /api/v1/shopping-carts-by-members-id/:memberId',
    url: (samples) => `/api/v1/shopping-carts-by-members-id/${samples.memberBId}`,
    expect: memberBsCart,
    why: "member B's cart: B only",
  },
  {
    route: 'DELETE /api/v1/shopping-carts-by-members-id/:memberId',
    url: (samples) => `/api/v1/shopping-carts-by-members-id/${samples.memberBId}`,
    expect: memberBsCart,
    why: "member B's cart: B only",
  },
  {
    route: 'POST /api/v1/orders',
    url: '/api/v1/orders',
    payload: {
      name: '王',
      email: 'a@example.org',
      telephone: '0423302101',
      company_name: '農場',
      message: '詢價',
      token: 'x',
    },
    expect: signedIn(400),
    why: 'no robot check solved',
  },
  {
    route: 'GET /api/v1/orders-by-members-id/:id',
    url: (samples) => `/api/v1/orders-by-members-id/${samples.memberBId}`,
    expect: memberBsOrders,
    why: "member B's orders: B and admins",
  },
  {
    route: 'GET /api/v1/orders-by-members-id-and-order-number/member/:id/number/:number',
    url: (samples) => `/api/v1/orders-by-members-id-and-order-number/member/${samples.memberBId}/number/Q20260101-0001`,
    expect: memberBsOrders,
  },
  {
    route: 'GET /api/v1/orders-by-members-id/:id/start/:start/end/:end',
    url: (samples) => `/api/v1/orders-by-members-id/${samples.memberBId}/start/2026-01-01/end/2026-12-31`,
    expect: memberBsOrders,
  },
  {
    route: 'GET /api/v1/orders-by-members-cellphone/:phone',
    url: '/api/v1/orders-by-members-cellphone/0423302101',
    expect: staffOnly({ admin: 200 }),
    why: 'a search by telephone: admins alone see buyers (decision 0299)',
  },
  { route: 'PUT /api/v1/orders/:id/cancel', url: '/api/v1/orders/999999/cancel', expect: signedIn(404) },
  {
    route: 'PUT /api/v1/orders/:id/last-number-of-transfer',
    url: '/api/v1/orders/999999/last-number-of-transfer',
    payload: { last_number_of_transfer: '12345' },
    expect: signedIn(404),
  },
  { route: 'GET /api/v1/admin/resources/:resource', url: '/api/v1/admin/resources/orders', expect: editorsOnly(200) },
  { route: 'GET /api/v1/admin/resources/:resource', url: '/api/v1/admin/resources/products', expect: editorsOnly(200) },
  { route: 'PAGE /inquiry/*', url: '/inquiry/list', expect: signedInPage(200), why: 'guarded' },
  {
    route: 'PAGE POST /inquiry/*',
    url: '/inquiry/list',
    payload: { intent: 'clear' },
    expect: signedInPage(200),
    why: 'guarded; empties their own cart',
  },
  // The storefront's pages
  { route: 'PAGE /products', url: '/products', expect: everyone(200) },
  { route: 'PAGE /products/content/:id', url: '/products/content/1', expect: everyone(200) },
  {
    route: 'PAGE POST /products/content/:id',
    url: '/products/content/1',
    payload: { qty: '1' },
    expect: signedInPage(200),
    why: 'into their own cart; visitors sign in first',
  },
  { route: 'PAGE /member/orders', url: '/member/orders', expect: everyone(302), why: 'the orders are on /member' },
  {
    route: 'PAGE POST /member/orders',
    url: '/member/orders',
    payload: { intent: 'cancel', order: '999999' },
    expect: signedInPage(302),
    why: "their own order only: another's is not found, said on /member (decision 0367)",
  },
  { route: 'PAGE /courses/content', url: '/courses/content', expect: everyone(200) },
  { route: 'PAGE /about', url: '/about', expect: everyone(200) },
  { route: 'PAGE /inquiry', url: '/inquiry', expect: signedInPage(200), why: 'guarded: their own cart' },
  {
    route: 'PAGE POST /inquiry',
    url: '/inquiry',
    payload: { intent: 'send' },
    expect: signedInPage(200),
    why: 'the missing fields shown on the page',
  },
  { route: 'PAGE /admin/:resource', url: '/admin/orders', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/catalogue-order/:collection',
    url: '/admin/catalogue-order/product-details',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE POST /admin/catalogue-order/:collection',
    url: '/admin/catalogue-order/product-details',
    payload: { intent: 'down', id: '999999' },
    expect: staffPage({ editor: 200, admin: 200 }),
    why: 'no such row: nothing moves',
  },
  { route: 'PAGE /admin/:resource', url: '/admin/products', expect: staffPage({ editor: 200, admin: 200 }) },
];
