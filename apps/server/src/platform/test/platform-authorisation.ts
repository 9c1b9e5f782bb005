import {
  type Row,
  everyone,
  staffOnly,
  staffPage,
  editorsOnly,
  unknownJob,
  adminResourceRows,
} from './authorisation-table';

/** The platform rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const platformAuthorisationRows: Row[] = [
  // Platform
  { route: 'GET /api/openapi.json', url: '/api/openapi.json', expect: everyone(200) },
  { route: 'GET /robots.txt', url: '/robots.txt', expect: everyone(200) },
  { route: 'GET /sitemap.xml', url: '/sitemap.xml', expect: everyone(200) },
  {
    route: 'GET /sitemap-:page.xml',
    url: '/sitemap-1.xml',
    expect: everyone(404),
    why: 'the demo site fits in /sitemap.xml; the numbered files exist past 50,000 addresses',
  },
  { route: 'GET /files/public/*', url: '/files/public/no-such-file.png', expect: everyone(404) },
  { route: 'ALL /api/*', url: '/api/v1/no-such-call', expect: everyone(404), why: 'unknown API calls' },
  { route: 'GET /healthz', url: '/healthz', expect: everyone(200), why: 'probes of a proxy or process manager' },
  { route: 'GET /readyz', url: '/readyz', expect: everyone(200), why: 'probes of a proxy or process manager' },
  {
    route: 'GET /metrics',
    url: '/metrics',
    expect: everyone(404),
    why: 'only with METRICS_TOKEN as a bearer token (none here) or on METRICS_PORT; no session opens it (operations.test.ts)',
  },
  // Admin (platform/admin): staff only, each resource by its roles
  {
    route: 'GET /api/v1/admin/resources',
    url: '/api/v1/admin/resources',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  ...adminResourceRows('audit-log', {
    list: { expect: staffOnly({ admin: 200 }), why: 'the audit log is for admins' },
    get: { id: (samples) => samples.auditEntryId, expect: staffOnly({ admin: 200 }) },
    create: { payload: { action: 'forged' }, expect: staffOnly({ admin: 405 }), why: 'nobody writes the audit log' },
    update: { id: (samples) => samples.auditEntryId, payload: { action: 'forged' }, expect: staffOnly({ admin: 405 }) },
  }),
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: `/api/v1/admin/resources/jobs/${unknownJob}/retry`,
    expect: staffOnly({ admin: 404 }),
    why: 'admins may retry; this job does not exist',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/audit-log/${samples.auditEntryId}`,
    expect: staffOnly({ admin: 405 }),
  },
  {
    route: 'GET /api/v1/admin/files/:id',
    url: (samples) => `/api/v1/admin/files/${samples.downloadUploadId}`,
    expect: editorsOnly(200),
    why: "a download file's bytes, to those who edit download files",
  },
  {
    route: 'GET /api/v1/admin/files/:id',
    url: (samples) => `/api/v1/admin/files/${samples.consultationPhotoFileId}`,
    expect: staffOnly({ expert: 404, editor: 404, admin: 404 }),
    why: "a farmer's consultation photo is the desk's to show, never this route's",
  },
  // Jobs and mail (platform/jobs, platform/mail) through the generic admin API: admins only
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/jobs?state=failed',
    expect: staffOnly({ admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/figures',
    url: '/api/v1/admin/figures',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
    why: "each staff member gets only the counts of what their role may list (the tests of each feature's figures)",
  },
  ...adminResourceRows('outbox', {
    list: { expect: staffOnly({ admin: 200 }) },
    get: { id: (samples) => samples.mailId, expect: staffOnly({ admin: 200 }) },
  }),
  {
    route: 'GET /api/v1/admin/outbox/:id/preview',
    url: (samples) => `/api/v1/admin/outbox/${samples.mailId}/preview`,
    expect: staffOnly({ admin: 404 }),
    why: 'admins only, as the outbox; the sample mail is text only, so nothing to show (mail-outbox.test.ts shows one)',
  },
  { route: 'PAGE /*', url: '/no-such-page', expect: everyone(302), why: 'unknown paths go home' },
  { route: 'PAGE /admin', url: '/admin', expect: staffPage({ expert: 200, editor: 200, admin: 200 }) },
  { route: 'PAGE /admin/:resource', url: '/admin/audit-log', expect: staffPage({ admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id',
    url: (samples) => `/admin/audit-log/${samples.auditEntryId}`,
    expect: staffPage({ admin: 200 }),
  },
  { route: 'PAGE /admin/:resource/new', url: '/admin/audit-log/new', expect: staffPage({ admin: 405 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: (samples) => `/admin/audit-log/${samples.auditEntryId}/edit`,
    expect: staffPage({ admin: 405 }),
  },
  {
    route: 'PAGE /admin/:resource/:id/delete',
    url: (samples) => `/admin/audit-log/${samples.auditEntryId}/delete`,
    expect: staffPage({ admin: 405 }),
  },
  { route: 'PAGE /admin/:resource', url: '/admin/jobs', expect: staffPage({ admin: 200 }) },
  { route: 'PAGE /admin/:resource', url: '/admin/outbox', expect: staffPage({ admin: 200 }) },
  {
    route: 'PAGE POST /admin/:resource/:id',
    url: `/admin/jobs/${unknownJob}`,
    payload: { _action: 'retry' },
    expect: staffPage({ admin: 404 }),
  },
  {
    route: 'PAGE POST /admin/:resource/new',
    url: '/admin/audit-log/new',
    payload: { action: 'x' },
    expect: staffPage({ admin: 405 }),
  },
  {
    route: 'PAGE POST /admin/:resource/:id/edit',
    url: (samples) => `/admin/audit-log/${samples.auditEntryId}/edit`,
    payload: { action: 'x' },
    expect: staffPage({ admin: 405 }),
  },
  {
    route: 'PAGE POST /admin/:resource/:id/delete',
    url: (samples) => `/admin/audit-log/${samples.auditEntryId}/delete`,
    payload: {},
    expect: staffPage({ admin: 405 }),
  },
  // Web Push (decision 0400): the public key is public; an endpoint is its browser's own secret URL
  { route: 'GET /api/v1/push/public-key', url: '/api/v1/push/public-key', expect: everyone(200) },
  {
    route: 'POST /api/v1/push/unsubscribe',
    url: '/api/v1/push/unsubscribe',
    payload: { endpoint: 'https://push.example.org/not-stored' },
    expect: everyone(200),
    why: 'whoever holds the endpoint (the browser) may end its subscription; nothing stored here',
  },
];
