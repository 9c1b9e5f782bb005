import { type Row, staffPage, editorsOnly } from '../../platform/test/authorisation-table';

/** The crops rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const cropsAuthorisationRows: Row[] = [
  // The crop vocabulary (decision 0360): editors and admins keep crops and synonyms
  { route: 'GET /api/v1/admin/resources/:resource', url: '/api/v1/admin/resources/crops', expect: editorsOnly(200) },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/crops/1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/crops',
    payload: { name: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a crop needs its name',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/crops/999999',
    payload: { name: '矩陣作物' },
    expect: editorsOnly(404),
    why: 'allowed; no such crop',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/crops/999999',
    expect: editorsOnly(404),
    why: 'allowed; no such crop',
  },
  { route: 'PAGE /admin/:resource', url: '/admin/crops', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/crops/1/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
];
