import {
  type Row,
  everyone,
  staffOnly,
  staffPage,
  info,
  editorsOnly,
  adminResourceRows,
} from '../../platform/test/authorisation-table';
import { multipartBody } from '../../platform/uploads/test/multipart';

/** The records rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const recordsAuthorisationRows: Row[] = [
  // Records
  { route: 'GET /files/records/:recordId/:file', url: '/files/records/999999/no-such.jpg', expect: everyone(404) },
  info('bugCount', {}),
  info('bugNew', {}),
  info('bughot', {}),
  info('searchResult', { term: '夜盜蟲', ty: 'y,y,y,y' }),
  info('searchResultSu', { term: '蟲' }),
  info('loadDetail', { n1: 1 }),
  info('bugPicList', { a1: 1, a2: 'pic' }),
  info('pesticidesel', { n1: '炭疽病' }),
  info('pesticide', { n1: '炭疽病', n2: '芒果' }),
  // The crop-first lookup (decision 0363): public, like the pesticide pages.
  info('pesticideCrop', { plant: '芒果' }),
  info('pesticideCrops', {}),
  // Records in the admin: editors and admins; experts answer cases, they do not edit records.
  ...adminResourceRows('records', {
    list: { query: 'q=蚜蟲', expect: staffOnly({ editor: 200, admin: 200 }) },
    get: { id: (samples) => samples.recordId, expect: staffOnly({ editor: 200, admin: 200 }) },
    update: {
      id: (samples) => samples.recordId,
      payload: { type: 'pest', c_name: '' },
      expect: staffOnly({ editor: 400, admin: 400 }),
      why: 'allowed, then refused by the contract: a record needs its Chinese name',
    },
    create: {
      payload: { type: 'insect', c_name: '測試' },
      expect: staffOnly({ editor: 400, admin: 400 }),
      why: 'allowed, then refused by the contract: an unknown type',
    },
    delete: {
      id: (samples) => samples.recordId,
      expect: staffOnly({ editor: 405, admin: 405 }),
      why: 'records are not deleted (decision 0231)',
    },
  }),
  // A record's pictures (decision 0251): editors and admins; a draft's files and preview for staff only (decision 0250).
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: (samples) => `/api/v1/admin/resources/record-pictures?record_id=${samples.recordId}&class=album`,
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  ...adminResourceRows('record-pictures', {
    create: {
      payload: { record_id: 1, class: 'album' },
      expect: staffOnly({ editor: 400, admin: 400 }),
      why: 'allowed, then refused by the contract: a new picture needs its photo',
    },
    update: {
      id: 999999,
      payload: { class: 'album' },
      expect: staffOnly({ editor: 404, admin: 404 }),
      why: 'allowed; no such picture',
    },
    delete: { id: 999999, expect: staffOnly({ editor: 404, admin: 404 }), why: 'allowed; no such picture' },
  }),
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/record-pictures/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '矩陣.png',
          contentType: 'image/png',
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may add or change record pictures may send their photos',
  },
  // The pesticide import: editors and admins; its history, preview, apply, cancel and roll back
  ...adminResourceRows('pesticide-imports', {
    list: { expect: staffOnly({ editor: 200, admin: 200 }) },
    get: { id: 1, expect: staffOnly({ editor: 200, admin: 200 }), why: "the seed's import of the sample" },
    create: {
      payload: { snapshotDate: '2022-08-01' },
      expect: staffOnly({ editor: 400, admin: 400 }),
      why: 'allowed, then refused by the contract: the CSV file is missing',
    },
    action: {
      id: 999999,
      name: 'roll-back',
      expect: staffOnly({ editor: 404, admin: 404 }),
      why: 'editors and admins may roll back; there is no such import',
    },
  }),
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/pesticide-imports/file',
    ...multipartBody([
      {
        name: 'file',
        value: {
          fileName: 'pesticides_2022-08-01.csv',
          contentType: 'text/csv',
          data: Buffer.from('作物名稱\n水稻\n'),
        },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may import pesticide data may send the CSV (read only when the import is made)',
  },
  // Open data: public, read-only
  { route: 'GET /api/v1/open-data/records.json', url: '/api/v1/open-data/records.json', expect: everyone(200) },
  { route: 'GET /api/v1/open-data/records.csv', url: '/api/v1/open-data/records.csv', expect: everyone(200) },
  {
    route: 'GET /api/v1/open-data/pesticide-uses.json',
    url: '/api/v1/open-data/pesticide-uses.json',
    expect: everyone(200),
  },
  {
    route: 'GET /api/v1/open-data/pesticide-uses.csv',
    url: '/api/v1/open-data/pesticide-uses.csv',
    expect: everyone(200),
  },
  { route: 'PAGE /search', url: '/search', expect: everyone(302), why: 'the old address redirects' },
  { route: 'PAGE /search/detail', url: '/search/detail?id=1', expect: everyone(302) },
  { route: 'PAGE /search/bug', url: '/search/bug', expect: everyone(200) },
  { route: 'PAGE /search/bug/detail', url: '/search/bug/detail?id=1', expect: everyone(200) },
  {
    route: 'PAGE /search/bug/detail',
    url: (samples) => `/search/bug/detail?id=${samples.draftRecordId}`,
    expect: everyone(404),
    why: 'a draft is not found by anyone on the public page',
  },
  {
    route: 'PAGE /search/bug/detail',
    url: (samples) => `/search/bug/detail?id=${samples.draftRecordId}&preview=1`,
    expect: { ...everyone(404), editor: 200, admin: 200 },
    why: 'the preview as the public sees it: editors and admins only (decision 0250)',
  },
  {
    route: 'PAGE /search/bug/factsheet',
    url: (samples) => `/search/bug/factsheet?id=${samples.draftRecordId}`,
    expect: everyone(404),
    why: "a draft's factsheet is not found either",
  },
  { route: 'PAGE /search/bug/detail2', url: '/search/bug/detail2?name=炭疽病', expect: everyone(200) },
  { route: 'PAGE /search/bug/crop', url: '/search/bug/crop?plant=芒果', expect: everyone(200) },
  { route: 'PAGE /search/bug/factsheet', url: '/search/bug/factsheet?id=1', expect: everyone(200) },
  { route: 'PAGE /admin/:resource', url: '/admin/records', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: (samples) => `/admin/records/${samples.recordId}/edit`,
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /admin/:resource/new', url: '/admin/records/new', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource',
    url: (samples) => `/admin/record-pictures?record_id=${samples.recordId}`,
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/new',
    url: (samples) => `/admin/record-pictures/new?record_id=${samples.recordId}`,
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /open-data', url: '/open-data', expect: everyone(200) },
  {
    route: 'PAGE /admin/pesticide-imports',
    url: '/admin/pesticide-imports',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/pesticide-imports/new',
    url: '/admin/pesticide-imports/new',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/pesticide-imports/:id',
    url: '/admin/pesticide-imports/1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/pesticide-imports/:id/rollback',
    url: '/admin/pesticide-imports/1/rollback',
    expect: staffPage({ editor: 200, admin: 200 }),
    why: 'the confirmation, with the refusal when it is not the current import',
  },
  {
    route: 'PAGE POST /admin/pesticide-imports/new',
    url: '/admin/pesticide-imports/new',
    payload: { snapshotDate: '2022-08-01' },
    expect: staffPage({ editor: 400, admin: 400 }),
    why: 'allowed, then refused beside the field: no CSV file',
  },
  {
    route: 'PAGE POST /admin/pesticide-imports/:id',
    url: '/admin/pesticide-imports/1',
    payload: { intent: 'cancel' },
    expect: staffPage({ editor: 200, admin: 200 }),
    why: 'allowed, then refused on the page: an applied import is no preview to cancel',
  },
  {
    route: 'PAGE POST /admin/pesticide-imports/:id/rollback',
    url: '/admin/pesticide-imports/999999/rollback',
    payload: {},
    expect: staffPage({ editor: 404, admin: 404 }),
    why: 'allowed; there is no such import',
  },
];
