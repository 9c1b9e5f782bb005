import {
  type Row,
  matrixSamples,
  everyone,
  signedInPage,
  staffOnly,
  staffPage,
  editorsOnly,
} from '../../platform/test/authorisation-table';
import { multipartBody } from '../../platform/uploads/test/multipart';

/** The downloads rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const downloadsAuthorisationRows: Row[] = [
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/catalog-details/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: { fileName: '矩陣.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may create or edit download files may send their bytes',
  },
  // Downloads (downloads feature): reads for everyone (active rows), writes for editors and admins
  { route: 'GET /api/v1/catalog-types', url: '/api/v1/catalog-types', expect: everyone(200) },
  {
    route: 'GET /api/v1/catalog-types/:id',
    url: (samples) => `/api/v1/catalog-types/${samples.catalogTypeId}`,
    expect: everyone(200),
  },
  {
    route: 'POST /api/v1/catalog-types',
    url: '/api/v1/catalog-types',
    payload: { name: '矩陣測試分類', status: 0, index_id: 99 },
    expect: staffOnly({ editor: 201, admin: 201 }),
  },
  {
    route: 'PUT /api/v1/catalog-types/:id',
    url: (samples) => `/api/v1/catalog-types/${samples.catalogTypeId}`,
    payload: { name: '矩陣分類', status: 1, index_id: 0 },
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'DELETE /api/v1/catalog-types/:id',
    url: '/api/v1/catalog-types/999999',
    expect: staffOnly({ editor: 404, admin: 404 }),
    why: 'staff may delete; no such type',
  },
  {
    route: 'PUT /api/v1/catalog-types-by-index-ids',
    url: '/api/v1/catalog-types-by-index-ids',
    payload: () => ({ ids: [matrixSamples.catalogTypeId], index_ids: [0] }),
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  { route: 'GET /api/v1/catalog-details', url: '/api/v1/catalog-details', expect: everyone(200) },
  {
    route: 'GET /api/v1/catalog-details/:id',
    url: (samples) => `/api/v1/catalog-details/${samples.catalogDetailId}`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/v1/catalog-details-by-type/:id',
    url: (samples) => `/api/v1/catalog-details-by-type/${samples.catalogTypeId}`,
    expect: everyone(200),
  },
  {
    route: 'POST /api/v1/catalog-details',
    url: '/api/v1/catalog-details',
    payload: { title: '矩陣測試檔案', file: '矩陣測試檔案.pdf', status: 0 },
    expect: staffOnly({ editor: 201, admin: 201 }),
  },
  {
    route: 'PUT /api/v1/catalog-details/:id',
    url: (samples) => `/api/v1/catalog-details/${samples.catalogDetailId}`,
    payload: () => ({
      title: '矩陣檔案',
      file: '矩陣檔案.pdf',
      sort: 0,
      status: 1,
      catalog_type_ids: [matrixSamples.catalogTypeId],
    }),
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'DELETE /api/v1/catalog-details/:id',
    url: '/api/v1/catalog-details/999999',
    expect: staffOnly({ editor: 404, admin: 404 }),
    why: 'staff may delete; no such file',
  },
  {
    route: 'PUT /api/v1/catalog-details-by-index-ids',
    url: '/api/v1/catalog-details-by-index-ids',
    payload: () => ({ ids: [matrixSamples.catalogDetailId], index_ids: [0] }),
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  { route: 'GET /api/v1/catalog-relations', url: '/api/v1/catalog-relations', expect: everyone(200) },
  {
    route: 'GET /api/v1/catalog-relations/:id',
    url: (samples) => `/api/v1/catalog-relations/${samples.catalogRelationId}`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/v1/catalog-relations-by-catalog-type/:id',
    url: (samples) => `/api/v1/catalog-relations-by-catalog-type/${samples.catalogTypeId}`,
    expect: everyone(200),
  },
  {
    route: 'GET /files/catalog/:id',
    url: (samples) => `/files/catalog/${samples.catalogDetailId}`,
    expect: everyone(200),
    why: 'the file page is not guarded; only the download list is',
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/catalog-details',
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/catalog-types/${samples.catalogTypeId}`,
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /download', url: '/download', expect: signedInPage(200), why: 'guarded' },
  {
    route: 'PAGE /download/*',
    url: '/download/price',
    expect: everyone(302),
    why: 'guarded like /download: visitors to the login page, members to /download',
  },
  {
    route: 'PAGE /file',
    url: (samples) => `/file?catalog=${samples.catalogDetailId}&download`,
    expect: everyone(302),
    why: 'on to the file route',
  },
  { route: 'PAGE /admin/:resource', url: '/admin/catalog-types', expect: staffPage({ editor: 200, admin: 200 }) },
];
