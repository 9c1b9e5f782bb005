import { type Row, everyone, staffOnly, editorsOnly, adminResourceRows } from '../../platform/test/authorisation-table';

/** The site rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const siteAuthorisationRows: Row[] = [
  // Site
  { route: 'GET /api/v1/system-settings/:id', url: '/api/v1/system-settings/1', expect: everyone(200) },
  { route: 'GET /manifest.webmanifest', url: '/manifest.webmanifest', expect: everyone(200) },
  { route: 'GET /app-icons/:version/:variant', url: '/app-icons/default/icon-192.png', expect: everyone(200) },
  { route: 'GET /api/v1/carousels', url: '/api/v1/carousels', expect: everyone(200) },
  ...adminResourceRows('system-settings', {
    list: { expect: 200 },
    update: {
      id: 1,
      payload: { website_title: '作物病蟲害資訊網', description: '查詢病蟲害、登記用藥與防治資訊' },
      expect: staffOnly({ admin: 200 }),
      why: 'the settings reach every page and the analytics policy: admins alone change them',
    },
  }),
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/carousels',
    expect: editorsOnly(200),
  },
  // Pages (React Router), by path
  { route: 'PAGE /', url: '/', expect: everyone(200) },
  { route: 'PAGE /privacy', url: '/privacy', expect: everyone(200) },
  { route: 'PAGE /offline', url: '/offline', expect: everyone(200) },
];
