import { type Row, staffPage, adminResourceRows } from '../../platform/test/authorisation-table';

/** The crops rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const cropsAuthorisationRows: Row[] = [
  // The crop vocabulary (decision 0360): editors and admins keep crops and synonyms
  ...adminResourceRows('crops', {
    list: { expect: 200 },
    get: { id: 1, expect: 200 },
    create: { payload: { name: '' }, expect: 400, why: 'allowed, then refused by the contract: a crop needs its name' },
    update: { id: 999999, payload: { name: '矩陣作物' }, expect: 404, why: 'allowed; no such crop' },
    delete: { id: 999999, expect: 404, why: 'allowed; no such crop' },
  }),
  { route: 'PAGE /admin/:resource', url: '/admin/crops', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/crops/1/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
];
