import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import { catalogueCollections, recordFormSchema } from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubmittedCase } from './consultation/test/insert-case';
import { askAs, commentAs, demoIdentity } from './discussion/test/ask-as-demo';
import { insertCatalogFile } from './downloads/test/insert-catalog-file';
import { recordAudit } from './platform/audit/record-audit';
import { members, sessions } from './accounts/schema';
import { ipmSheets, news } from './reading-room/schema';
import { records } from './records/schema';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { signInAgain, signInPeople, type SignedInPerson, type TestPerson } from './test/signed-in-people';
import { webBuildForTests, type WebBuild } from './test/web-build';
import { multipartBody } from './platform/uploads/test/multipart';
import { storedFiles } from './platform/uploads/stored-files.schema';
import { personalDataExports } from './platform/personal-data/personal-data-exports.schema';

/** A 1 × 1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The authorisation matrix: every API call and every page of the app, asked by an
 * anonymous visitor, member A, member B, an expert, an editor and an admin, with the status each
 * must get. The rows are checked against the routes the app registers and the pages the web build
 * has, so a new route or page without a row fails here. Later features add their rows.
 */

const persons = ['anonymous', 'memberA', 'memberB', 'expert', 'editor', 'admin'] as const;
type Person = (typeof persons)[number];
type Expected = Record<Person, number>;

/** What the samples of a row may use: ids of rows that exist in the test database. */
interface Samples {
  auditEntryId: number;
  mailId: number;
  memberBId: number;
  /** A submitted consultation case of member B, with one photo. */
  caseId: number;
  casePhotoId: number;
  expertId: number;
  /** A record of the demo content. */
  recordId: number;
  /** A draft record (decision 0250) and the file address of its one picture. */
  draftRecordId: number;
  draftPictureFile: string;
  /** A question of member B's linked (demo) LINE identity. */
  discussionQuestionId: number;
  /** Questions and comments of a LINE identity nobody here holds: one each per person, to delete. */
  strangerQuestions: Record<Person, number>;
  strangerComments: Record<Person, number>;
  /** A contact message member B sent, already handled by staff. */
  contactMessageId: number;
  /** An active download type with one active file (bytes stored), and their relation. */
  catalogTypeId: number;
  catalogDetailId: number;
  catalogRelationId: number;
  /** A download file an editor uploaded through the admin API, and a farmer's consultation photo (stored_files ids). */
  downloadUploadId: string;
  consultationPhotoFileId: string;
  /** A draft IPM sheet and a draft news item: staff preview them, nobody else meets them. */
  draftIpmSheetId: number;
  draftNewsId: number;
  /** An IPM sheet's other file an editor uploaded through the admin API (a stored_files id). */
  ipmFileUploadId: string;
}

const noneEach = (): Record<Person, number> => ({
  anonymous: 0,
  memberA: 0,
  memberB: 0,
  expert: 0,
  editor: 0,
  admin: 0,
});
const matrixSamples: Samples = {
  auditEntryId: 0,
  mailId: 0,
  memberBId: 0,
  caseId: 0,
  casePhotoId: 0,
  expertId: 0,
  recordId: 0,
  draftRecordId: 0,
  draftPictureFile: '',
  discussionQuestionId: 0,
  strangerQuestions: noneEach(),
  strangerComments: noneEach(),
  contactMessageId: 0,
  catalogTypeId: 0,
  catalogDetailId: 0,
  catalogRelationId: 0,
  downloadUploadId: '',
  consultationPhotoFileId: '',
  draftIpmSheetId: 0,
  draftNewsId: 0,
  ipmFileUploadId: '',
};
/** The discussion's reading rule: a LINE identity (member B linked one) or staff; the rest are asked to sign in. */
const discussionReaders: Expected = {
  anonymous: 401,
  memberA: 401,
  memberB: 200,
  expert: 200,
  editor: 200,
  admin: 200,
};

/** A job id no job has. */
const unknownJob = '00000000-0000-4000-8000-000000000000';

interface Row {
  /** `METHOD /fastify/route/:pattern`, or `PAGE <React Router path>` for a page. */
  route: string;
  /** The request made for it (the pattern filled in). */
  url: string | ((samples: Samples) => string);
  /** The body: the same for everyone, or each person's own (their profile, their account). */
  payload?: object | ((person: Person) => object);
  headers?: Record<string, string>;
  /** The request ends the session it comes with (logout): it gets a session of its own. */
  fresh?: boolean;
  expect: Expected;
  /** Why, when the row is not plain public content. */
  why?: string;
}

const everyone = (status: number): Expected => ({
  anonymous: status,
  memberA: status,
  memberB: status,
  expert: status,
  editor: status,
  admin: status,
});
/** Signed-in people get `status`, visitors 401. */
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
/** A page for visitors only (sign in, register): signed-in people are sent on. */
const anonymousOnlyPage: Expected = { ...everyone(302), anonymous: 200 };
/** A signed-in page: visitors are sent to the login page. */
const signedInPage = (status: number): Expected => ({ ...everyone(status), anonymous: 302 });
/** A test person's profile as registered (signed-in-people.ts): sending it changes nothing. */
const profileOf = (person: Person) => ({
  name: `測試${person}`,
  email: `${person.toLowerCase()}01@example.org`,
  class: 'all',
});

/** Signed-in staff get `staff` (by role where given), members 403, visitors 401. */
const staffOnly = (staff: Partial<Record<'expert' | 'editor' | 'admin', number>>, otherwise = 403): Expected => ({
  anonymous: 401,
  memberA: 403,
  memberB: 403,
  expert: staff.expert ?? otherwise,
  editor: staff.editor ?? otherwise,
  admin: staff.admin ?? otherwise,
});
/** A page for staff: visitors are sent to the login page, members see the 403 page. */
const staffPage = (staff: Partial<Record<'expert' | 'editor' | 'admin', number>>, otherwise = 403): Expected => ({
  ...staffOnly(staff, otherwise),
  anonymous: 302,
});

const info = (call: string, payload: object): Pick<Row, 'route' | 'url' | 'payload' | 'expect'> => ({
  route: `POST /api/info/${call}`,
  url: `/api/info/${call}`,
  payload,
  expect: everyone(200),
});

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
const editorsOnly = (status: number) => staffOnly({ editor: status, admin: status });
/** A member's own (member B's) orders: B and admins read them (editors need no buyer's details, decision 0299). */
const memberBsOrders: Expected = { anonymous: 401, memberA: 403, memberB: 200, expert: 403, editor: 403, admin: 200 };
const memberBsCart: Expected = { anonymous: 401, memberA: 403, memberB: 200, expert: 403, editor: 403, admin: 403 };
const catalogueRows: Row[] = [
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
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/system-settings',
    expect: editorsOnly(200),
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/system-settings/1',
    payload: { website_title: '作物病蟲害資訊網', description: '查詢病蟲害、登記用藥與防治資訊' },
    expect: staffOnly({ admin: 200 }),
    why: 'the settings reach every page and the analytics policy: admins alone change them',
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/carousels',
    expect: editorsOnly(200),
  },
];

const rows: Row[] = [
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
  // Site
  { route: 'GET /api/v1/system-settings/:id', url: '/api/v1/system-settings/1', expect: everyone(200) },
  { route: 'GET /manifest.webmanifest', url: '/manifest.webmanifest', expect: everyone(200) },
  { route: 'GET /app-icons/:version/:variant', url: '/app-icons/default/icon-192.png', expect: everyone(200) },
  { route: 'GET /api/v1/carousels', url: '/api/v1/carousels', expect: everyone(200) },
  // Reading room
  { route: 'GET /api/v1/news', url: '/api/v1/news', expect: everyone(200) },
  { route: 'GET /api/v1/news/:id', url: '/api/v1/news/1', expect: everyone(200) },
  { route: 'GET /files/ipm/:id', url: '/files/ipm/1', expect: everyone(200) },
  { route: 'GET /files/ipm/:id/:fileId', url: '/files/ipm/1/999999', expect: everyone(404) },
  { route: 'GET /files/publication/:id', url: '/files/publication/1', expect: everyone(200) },
  { route: 'GET /files/quick/:id/:fileId', url: '/files/quick/1/999999', expect: everyone(404) },
  { route: 'GET /files/news/:id/:fileId', url: '/files/news/1/999999', expect: everyone(404) },
  { route: 'GET /files/video/:id', url: '/files/video/1', expect: everyone(200) },
  info('ipmList', {}),
  info('ipmOtherList', { a1: 1 }),
  info('ipmsheet', { a1: 1 }),
  info('searchResultI', { term: '番茄' }),
  info('pub', {}),
  info('publicationsheet', { a1: 1 }),
  info('searchResultB', { term: '福壽螺' }),
  info('video', {}),
  info('videosheet', { a1: 1 }),
  info('searchResultV', { term: '福壽螺' }),
  info('member', {}),
  info('nclassList', {}),
  info('nclassDetail', { n1: 1 }),
  info('nclassOtherList', { a1: 1 }),
  info('newsListIndex', { n1: 'fruit' }),
  info('newsListnew', { n1: '' }),
  info('newsDetail', { n1: 1 }),
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
  // Consultation: the diagnosis wizard
  info('consuListp', {}),
  info('consulevelList', { a1: 10 }),
  info('consuoptionList', { a1: 1, a2: 0 }),
  // Consultation: the advisory archive (published cases only, for everyone)
  {
    route: 'GET /files/consultation/photos/:file',
    url: '/files/consultation/photos/1_thumb.jpg',
    expect: everyone(200),
  },
  info('advList', { crop: '水稻', term: '', page: 1 }),
  info('advDetail', { n1: 1 }),
  info('advdata', { a1: 1 }),
  info('advSimilar', { crop: '水稻', text: '葉片有灰白色病斑' }),
  ...catalogueRows,
  // Accounts (accounts feature): everyone may sign in, sign up and ask for a reset; a member changes only their own account
  { route: 'GET /api/v1/session', url: '/api/v1/session', expect: everyone(200) },
  { route: 'GET /api/v1/altcha-challenge', url: '/api/v1/altcha-challenge', expect: everyone(200) },
  {
    route: 'POST /api/v1/login',
    url: '/api/v1/login',
    payload: (person) => ({ account: `nobody${persons.indexOf(person)}`, password: 'Wrong-Pass-2026' }),
    expect: everyone(401),
    why: 'a wrong password, whoever asks',
  },
  { route: 'POST /api/v1/members/auth', url: '/api/v1/members/auth', expect: signedIn(200) },
  // A member's rights (decisions 0308, 0309).
  {
    route: 'POST /api/v1/members/me/personal-data-exports',
    url: '/api/v1/members/me/personal-data-exports',
    expect: signedIn(202),
    why: "always the signed-in member's own data; the link goes to their own address",
  },
  {
    route: 'GET /member/personal-data/:token',
    url: '/member/personal-data/no-such-token',
    expect: everyone(303),
    why: 'visitors to the login page, members to the page saying the link is spent or not theirs',
  },
  {
    route: 'DELETE /api/v1/members/me',
    url: '/api/v1/members/me',
    payload: { password: 'Not-The-Password-1' },
    expect: signedIn(400),
    why: "only one's own account, and only with the password",
  },
  {
    route: 'POST /api/v1/members-signup',
    url: '/api/v1/members-signup',
    payload: { account: 'newcomer01', name: '新會員', email: 'newcomer01@example.org', password: 'Blue-River-2026' },
    expect: everyone(400),
    why: 'no robot check solved',
  },
  {
    route: 'POST /api/v1/members-forgot-password',
    url: '/api/v1/members-forgot-password',
    payload: { account: 'membera01' },
    expect: everyone(400),
    why: 'no robot check solved',
  },
  { route: 'POST /api/v1/logout', url: '/api/v1/logout', payload: {}, fresh: true, expect: everyone(200) },
  {
    route: 'GET /api/v1/guest/*',
    url: '/api/v1/guest/carousels',
    headers: { authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}` },
    expect: everyone(200),
    why: 'the guest credentials read what anyone may',
  },
  ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /api/v1/guest/*`,
    url: '/api/v1/guest/carousels',
    payload: {},
    headers: { authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}` },
    expect: everyone(403),
    why: 'guests write nothing but the contact form',
  })),
  {
    route: 'POST /api/info/logini',
    url: '/api/info/logini',
    payload: (person) => ({ a1: `nobody${persons.indexOf(person)}`, a2: 'Wrong-Pass-2026' }),
    expect: everyone(200),
    why: 'answers the wrong-account-or-password message in d',
  },
  {
    route: 'POST /api/info/userNew',
    url: '/api/info/userNew',
    payload: { account: 'newcomer02', name: '新會員', email: 'newcomer02@example.org', password: 'Blue-River-2026' },
    expect: everyone(400),
    why: 'no robot check solved',
  },
  {
    route: 'POST /api/info/userUpdate',
    url: '/api/info/userUpdate',
    payload: (person) => profileOf(person),
    expect: signedIn(200),
    why: 'their own profile: the account comes from the session (IDOR below)',
  },
  {
    route: 'POST /api/info/userUpdatep',
    url: '/api/info/userUpdatep',
    payload: { a1: 'Brand-New-Pass-2026', a2: 'Not-The-Password-1' },
    expect: signedIn(400),
    why: 'a wrong current password changes nothing',
  },
  { route: 'POST /api/info/chkiuser', url: '/api/info/chkiuser', payload: { a1: 'membera01' }, expect: everyone(200) },
  {
    route: 'POST /api/info/loginforget',
    url: '/api/info/loginforget',
    payload: { a1: 'membera01' },
    expect: everyone(400),
    why: 'no robot check solved',
  },
  // Admin (platform/admin): staff only, each resource by its roles
  {
    route: 'GET /api/v1/admin/resources',
    url: '/api/v1/admin/resources',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/audit-log',
    expect: staffOnly({ admin: 200 }),
    why: 'the audit log is for admins',
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/audit-log/${samples.auditEntryId}`,
    expect: staffOnly({ admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/members/${samples.memberBId}`,
    expect: staffOnly({ admin: 200 }),
    why: "member B's record: admins only, never member A",
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/members/${samples.memberBId}`,
    payload: { roles: [], disabled: false },
    expect: staffOnly({ admin: 200 }),
    why: 'unchanged access for member B: only admins may send it',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/audit-log',
    payload: { action: 'forged' },
    expect: staffOnly({ admin: 405 }),
    why: 'nobody writes the audit log',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/audit-log/${samples.auditEntryId}`,
    payload: { action: 'forged' },
    expect: staffOnly({ admin: 405 }),
  },
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
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/outbox',
    expect: staffOnly({ admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/outbox/${samples.mailId}`,
    expect: staffOnly({ admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/outbox/:id/preview',
    url: (samples) => `/api/v1/admin/outbox/${samples.mailId}/preview`,
    expect: staffOnly({ admin: 404 }),
    why: 'admins only, as the outbox; the sample mail is text only, so nothing to show (mail-outbox.test.ts shows one)',
  },
  // Consultation form (consultation/form): public, as the spec's form; the photos need the case's token
  info('town', {}),
  info('vill', { a1: '雲林縣' }),
  {
    route: 'POST /api/info/advNew',
    url: '/api/info/advNew',
    payload: (person) => ({
      a1: '斗南鎮',
      a2: '水稻',
      a3: '林小農',
      a4: '0912-345-678',
      a5: 'farmer@example.org',
      a6: '葉片出現褐色斑點',
      key: `00000000-0000-4000-8000-00000000000${persons.indexOf(person)}`,
    }),
    expect: { ...everyone(200), anonymous: 400 },
    why: 'visitors must pass the robot check (none sent here); signed-in members skip it',
  },
  {
    route: 'POST /api/info/advDone',
    url: '/api/info/advDone',
    payload: { key: '00000000-0000-4000-8000-0000000000ff', token: 'x'.repeat(43), photos: 1 },
    expect: everyone(404),
    why: 'closing needs the key and token of a case the sender created',
  },
  {
    route: 'POST /assets/Huploadify/uploadadvnew.ashx',
    url: '/assets/Huploadify/uploadadvnew.ashx',
    ...multipartBody([
      { name: 'id', value: '1' },
      { name: 'cl', value: 'pic1' },
      { name: 'token', value: 'x'.repeat(43) },
      { name: 'file', value: { fileName: 'leaf.png', contentType: 'image/png', data: tinyPng } },
    ]),
    expect: everyone(403),
    why: "a photo goes only into a case whose upload token the sender holds (anyone's, member or not)",
  },
  {
    route: 'GET /files/consultation/followed/:photoId/:variant',
    url: `/files/consultation/followed/1/full?token=${'x'.repeat(43)}`,
    expect: everyone(404),
    why: "only the asker's private follow link shows a case's photos",
  },
  // Consultation desk (consultation/desk): experts, editors and admins; the follow-up answer needs the mail's token
  {
    route: 'GET /api/v1/admin/consultation/cases/:id',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}`,
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
    why: "member B's case with B's contact: never member A, nor B (the desk is for staff)",
  },
  {
    route: 'GET /api/v1/admin/consultation/cases/:id/photos/:photoId',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}/photos/${samples.casePhotoId}`,
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/consultation/link-targets',
    url: '/api/v1/admin/consultation/link-targets?kind=record&q=%E8%9A%9C',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
    why: "published names only, but the reply's link picker is a desk tool",
  },
  {
    route: 'POST /api/v1/admin/consultation/cases/:id/assign',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}/assign`,
    payload: () => ({ expertId: matrixSamples.expertId }),
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'POST /api/v1/admin/consultation/cases/:id/reply',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}/reply`,
    payload: { reply: '請移除病葉並保持通風。' },
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
    why: 'the first answers and mails; the same reply again changes nothing',
  },
  {
    route: 'POST /api/v1/admin/consultation/cases/:id/publish',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}/publish`,
    payload: { published: false },
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'POST /api/v1/admin/consultation/cases/:id/note',
    url: (samples) => `/api/v1/admin/consultation/cases/${samples.caseId}/note`,
    payload: { note: '' },
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-cases',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-follow-ups?by=crop',
    expect: staffOnly({ expert: 200, editor: 200, admin: 200 }),
  },
  // Records in the admin: editors and admins; experts answer cases, they do not edit records.
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/records?q=蚜蟲',
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/records/${samples.recordId}`,
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/records/${samples.recordId}`,
    payload: { type: 'pest', c_name: '' },
    expect: staffOnly({ editor: 400, admin: 400 }),
    why: 'allowed, then refused by the contract: a record needs its Chinese name',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/records',
    payload: { type: 'insect', c_name: '測試' },
    expect: staffOnly({ editor: 400, admin: 400 }),
    why: 'allowed, then refused by the contract: an unknown type',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/records/${samples.recordId}`,
    expect: staffOnly({ editor: 405, admin: 405 }),
    why: 'records are not deleted (decision 0231)',
  },
  // A record's pictures (decision 0251): editors and admins; a draft's files and preview for staff only (decision 0250).
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: (samples) => `/api/v1/admin/resources/record-pictures?record_id=${samples.recordId}&class=album`,
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/record-pictures',
    payload: { record_id: 1, class: 'album' },
    expect: staffOnly({ editor: 400, admin: 400 }),
    why: 'allowed, then refused by the contract: a new picture needs its photo',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/record-pictures/999999',
    payload: { class: 'album' },
    expect: staffOnly({ editor: 404, admin: 404 }),
    why: 'allowed; no such picture',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/record-pictures/999999',
    expect: staffOnly({ editor: 404, admin: 404 }),
    why: 'allowed; no such picture',
  },
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
  // The crop vocabulary (decision 0360): editors and admins keep crops and synonyms
  { route: 'GET /api/v1/admin/resources/:resource', url: '/api/v1/admin/resources/crops', expect: editorsOnly(200) },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/pest-alerts',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/pest-alerts/999999/publish',
    expect: { ...editorsOnly(404) },
    why: 'publishing an alert (no such alert here): editors and admins only',
  },
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
  // The diagnosis wizard's trees (decisions 0270–0274): editors and admins
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-crops',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-levels?crop_id=10',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-options?level_id=1',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-crops/10',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-levels/1',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-options/1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-crops',
    payload: { cname: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a crop needs its name',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-levels',
    payload: { crop_id: 10, name: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a level needs its name',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/consultation-options',
    payload: { level_id: 1, label: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: an option needs its name',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-crops/999999',
    payload: { cname: '矩陣作物' },
    expect: editorsOnly(404),
    why: 'allowed; no such crop',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-levels/999999',
    payload: { name: '矩陣層級', position: 1 },
    expect: editorsOnly(404),
    why: 'allowed; no such level',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-options/999999',
    payload: { label: '矩陣選項' },
    expect: editorsOnly(404),
    why: 'allowed; no such option',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-crops/10',
    expect: editorsOnly(405),
    why: 'crops are not deleted, only taken offline (decision 0270)',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-levels/1',
    expect: editorsOnly(409),
    why: 'allowed; refused while the level has options (decision 0271)',
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/consultation-options/1',
    expect: editorsOnly(409),
    why: 'allowed; refused while options hang under it (decision 0271)',
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/consultation-options/picture',
    ...multipartBody([{ name: 'picture', value: { fileName: '矩陣.png', contentType: 'image/png', data: tinyPng } }]),
    expect: editorsOnly(201),
    why: 'who may add or change wizard cards may send their pictures',
  },
  {
    route: 'GET /files/consultation/wizard/:file',
    url: '/files/consultation/wizard/00000000-0000-4000-8000-000000000000_thumb.jpg',
    expect: everyone(404),
    why: 'only a picture a crop or card holds is served (wizard-admin.test.ts serves one to everyone)',
  },
  {
    route: 'GET /files/records/:recordId/:file',
    url: (samples) => samples.draftPictureFile,
    expect: { ...everyone(404), editor: 200, admin: 200 },
    why: 'a draft record\'s picture: staff only, and "not found" for anyone else, like the draft',
  },
  // The pesticide import: editors and admins; its history, preview, apply, cancel and roll back
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/pesticide-imports',
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/pesticide-imports/1',
    expect: staffOnly({ editor: 200, admin: 200 }),
    why: "the seed's import of the sample",
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/pesticide-imports',
    payload: { snapshotDate: '2022-08-01' },
    expect: staffOnly({ editor: 400, admin: 400 }),
    why: 'allowed, then refused by the contract: the CSV file is missing',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/pesticide-imports/999999/roll-back',
    expect: staffOnly({ editor: 404, admin: 404 }),
    why: 'editors and admins may roll back; there is no such import',
  },
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
  {
    route: 'POST /api/v1/consultation/follow-up',
    url: '/api/v1/consultation/follow-up',
    payload: { token: 'x'.repeat(43), answer: 'solved' },
    expect: everyone(404),
    why: "anyone with the mail's token answers; no such token",
  },
  {
    route: 'POST /api/v1/consultation/case/withdraw',
    url: '/api/v1/consultation/case/withdraw',
    payload: { token: 'x'.repeat(43), confirm: true },
    expect: everyone(404),
    why: "only the holder of the asker's private follow link withdraws a case; no such token",
  },
  // The asker's push switch (decision 0401): the follow link's token decides, not the session
  ...(['', '/state', '/remove'] as const).map((tail): Row => ({
    route: `POST /api/v1/consultation/case/push${tail}`,
    url: `/api/v1/consultation/case/push${tail}`,
    payload: {
      token: 'x'.repeat(43),
      endpoint: 'https://push.example.org/x',
      subscription: { endpoint: 'https://push.example.org/x', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
    },
    expect: everyone(404),
    why: "only the holder of the asker's private follow link; no such token",
  })),
  // Pest alerts' API (decisions 0402–0404)
  { route: 'GET /api/v1/alerts/active', url: '/api/v1/alerts/active', expect: everyone(200) },
  ...(['email', 'push'] as const).map((channel): Row => ({
    route: `POST /api/v1/alerts/subscriptions/${channel}`,
    url: `/api/v1/alerts/subscriptions/${channel}`,
    payload: { crop: '水稻', counties: [] },
    expect: everyone(400),
    why: 'anyone may subscribe (an address is confirmed by a link first); no county chosen',
  })),
  {
    route: 'POST /api/v1/alerts/subscriptions/confirm',
    url: '/api/v1/alerts/subscriptions/confirm',
    payload: { token: 'x'.repeat(43) },
    expect: everyone(404),
    why: "only the holder of the confirmation mail's token; no such token",
  },
  {
    route: 'POST /api/v1/alerts/unsubscribe',
    url: `/api/v1/alerts/unsubscribe?token=${'x'.repeat(43)}`,
    expect: everyone(200),
    why: 'one click from the alert mail (RFC 8058): only the holder of its token ends anything; no such token',
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
  // Expert discussion (discussion): a LINE-verified identity reads and posts (member B linked a demo one);
  // staff read; only the author, an expert or an editor deletes; a body's lineid counts for nothing
  { route: 'GET /api/v1/discussion/session', url: '/api/v1/discussion/session', expect: everyone(200) },
  {
    route: 'POST /api/v1/discussion/session',
    url: '/api/v1/discussion/session',
    payload: { idToken: `eyJhbGciOiJFUzI1NiJ9.${'x'.repeat(40)}.sig` },
    expect: everyone(401),
    why: 'an ID token that no key verifies, whoever sends it',
  },
  {
    route: 'POST /api/v1/discussion/demo/id-token',
    url: '/api/v1/discussion/demo/id-token',
    payload: { name: '矩陣' },
    expect: everyone(200),
    why: 'the tests run in demo mode (no LINE channel); production refuses to start with it',
  },
  {
    route: 'POST /api/v1/discussion/link',
    url: '/api/v1/discussion/link',
    payload: { idToken: `eyJhbGciOiJFUzI1NiJ9.${'x'.repeat(40)}.sig` },
    expect: everyone(401),
    why: 'visitors are asked to sign in, members get the failed verification',
  },
  {
    route: 'POST /api/discuss/discussmain_list_all',
    url: '/api/discuss/discussmain_list_all',
    payload: {},
    expect: discussionReaders,
  },
  {
    route: 'POST /api/discuss/discussmain_list_lineid',
    url: '/api/discuss/discussmain_list_lineid',
    payload: { lineid: 'U00000000000000000000000000000000' },
    expect: discussionReaders,
    why: "'my questions' are the session's own, whatever lineid is sent",
  },
  {
    route: 'POST /api/discuss/discusssub_list_discussid',
    url: '/api/discuss/discusssub_list_discussid',
    payload: () => ({ discussid: String(matrixSamples.discussionQuestionId) }),
    expect: discussionReaders,
  },
  {
    route: 'POST /api/discuss/discussmain_new',
    url: '/api/discuss/discussmain_new',
    payload: { describe: '矩陣', note: '矩陣', pic: '00000000-0000-4000-8000-000000000000.jpg' },
    expect: { anonymous: 401, memberA: 401, memberB: 400, expert: 401, editor: 401, admin: 401 },
    why: 'posting needs a LINE identity; member B may not use a photo that is not theirs',
  },
  {
    route: 'POST /api/discuss/discusssub_new',
    url: '/api/discuss/discusssub_new',
    payload: () => ({ discussid: String(matrixSamples.discussionQuestionId), dcontent: '矩陣留言' }),
    expect: { anonymous: 401, memberA: 401, memberB: 200, expert: 401, editor: 401, admin: 401 },
  },
  {
    route: 'POST /api/discuss/upload',
    url: '/api/discuss/upload',
    payload: { lineid: 'U00000000000000000000000000000000' },
    expect: { anonymous: 401, memberA: 401, memberB: 415, expert: 401, editor: 401, admin: 401 },
    why: 'a LINE identity first; then only a multipart photo',
  },
  {
    route: 'POST /api/discuss/discussmain_del',
    url: '/api/discuss/discussmain_del',
    payload: (person) => ({ id: matrixSamples.strangerQuestions[person], lineid: 'U00000000000000000000000000000000' }),
    expect: { anonymous: 401, memberA: 403, memberB: 403, expert: 200, editor: 200, admin: 403 },
    why: "another identity's question: its author, an expert or an editor only",
  },
  {
    route: 'POST /api/discuss/discusssub_del',
    url: '/api/discuss/discusssub_del',
    payload: (person) => ({ id: matrixSamples.strangerComments[person] }),
    expect: { anonymous: 401, memberA: 403, memberB: 403, expert: 200, editor: 200, admin: 403 },
    why: "another identity's comment",
  },
  {
    route: 'GET /files/discussion/:questionId/:name',
    url: () => `/files/discussion/${matrixSamples.discussionQuestionId}/00000000-0000-4000-8000-000000000000.jpg`,
    expect: { ...discussionReaders, memberB: 404, expert: 404, editor: 404, admin: 404 },
    why: 'photos only for readers; a name the question does not have is a 404',
  },
  // A LINE person's rights (decision 0312): the identity of the session (member B's linked one), never the body.
  // The download row comes before the request row, so nothing is ready yet whatever the job's speed.
  {
    route: 'GET /api/v1/discussion/my-data.zip',
    url: '/api/v1/discussion/my-data.zip',
    expect: { ...everyone(401), memberB: 404 },
    why: 'only the identity itself, and only a ready download',
  },
  {
    route: 'GET /api/v1/discussion/my-data/export',
    url: '/api/v1/discussion/my-data/export',
    expect: { ...everyone(401), memberB: 200 },
  },
  {
    route: 'POST /api/v1/discussion/my-data/export',
    url: '/api/v1/discussion/my-data/export',
    payload: { lineid: 'U00000000000000000000000000000000' },
    expect: { ...everyone(401), memberB: 202 },
    why: 'the session decides whose data; a lineid in the body names nobody',
  },
  {
    route: 'DELETE /api/v1/discussion/my-data',
    url: '/api/v1/discussion/my-data',
    payload: {},
    expect: { ...everyone(401), memberB: 400 },
    why: 'without { confirm: true } nothing is erased (member B keeps the identity the other rows use)',
  },
  {
    route: 'POST /api/v1/discussion/session/end',
    url: '/api/v1/discussion/session/end',
    payload: {},
    expect: everyone(200),
  },
  {
    route: 'POST /api/v1/discussion/unlink',
    url: '/api/v1/discussion/unlink',
    payload: {},
    expect: signedIn(200),
    why: "only the member's own link (member B's comes after B's discussion calls)",
  },
  // Contact (contact feature): anyone sends the forms (robot check required); the inbox is for editors and admins
  {
    route: 'POST /api/v1/contacts',
    url: '/api/v1/contacts',
    payload: (person) => ({
      name: '林小農',
      email: 'farmer@example.org',
      company_name: '合作社',
      country: 'TW',
      telephone: '05-597-1234',
      title: '詢問',
      message: '請問課程何時開始？',
      key: `00000000-0000-4000-8000-1000000000${persons.indexOf(person)}0`,
    }),
    expect: everyone(400),
    why: 'no robot check solved: the spec message, whoever sends it',
  },
  {
    route: 'POST /api/v1/feedback',
    url: '/api/v1/feedback',
    payload: (person) => ({ message: '很好用', key: `00000000-0000-4000-8000-2000000000${persons.indexOf(person)}0` }),
    expect: everyone(400),
    why: 'no robot check solved',
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/contact-messages',
    expect: staffOnly({ editor: 200, admin: 200 }),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/contact-messages/${samples.contactMessageId}`,
    expect: staffOnly({ editor: 200, admin: 200 }),
    why: "member B's message with B's contact: never member A, nor B (the inbox is for staff)",
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/contact-messages/${samples.contactMessageId}`,
    payload: { reply: '已收到，謝謝您。' },
    expect: staffOnly({ editor: 200, admin: 200 }),
    why: 'the first reply is mailed; the same reply again changes nothing',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: (samples) => `/api/v1/admin/resources/contact-messages/${samples.contactMessageId}/mark-handled`,
    expect: staffOnly({ editor: 409, admin: 409 }),
    why: 'staff may mark messages handled; this one is handled already',
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
  // The reading room in the admin: editors and admins; drafts previewed by them alone.
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/ipm-sheets',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news?state=draft',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/ipm-sheets/${samples.draftIpmSheetId}`,
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/news/${samples.draftNewsId}`,
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/ipm-sheets',
    payload: { title: '', category: '水稻' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a sheet needs its title and PDF',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news',
    payload: { title: '矩陣消息', class: 'rice' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: an unknown class',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/ipm-sheets/${samples.draftIpmSheetId}`,
    payload: { title: '', category: '水稻' },
    expect: editorsOnly(400),
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: (samples) => `/api/v1/admin/resources/news/${samples.draftNewsId}`,
    payload: { title: '矩陣消息', class: 'fruit', post_at: '明天' },
    expect: editorsOnly(400),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/ipm-sheets/999999/publish',
    expect: editorsOnly(404),
    why: 'editors may publish; no such sheet',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/news/999999/unpublish',
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/ipm-sheets/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/news/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/ipm-sheets/pdf',
    ...multipartBody([
      {
        name: 'pdf',
        value: { fileName: '矩陣.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may create or edit IPM sheets may send their PDF',
  },
  // Covers and an IPM sheet's other files (decisions 0244–0245): editors and admins.
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/ipm-sheets/cover',
    ...multipartBody([
      {
        name: 'cover',
        value: {
          fileName: '封面.png',
          contentType: 'image/png',
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may create or edit ipm-sheets may send their cover picture (decision 0244)',
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/publications/cover',
    ...multipartBody([
      {
        name: 'cover',
        value: {
          fileName: '封面.png',
          contentType: 'image/png',
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may create or edit publications may send their cover picture (decision 0244)',
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/videos/cover',
    ...multipartBody([
      {
        name: 'cover',
        value: {
          fileName: '封面.png',
          contentType: 'image/png',
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    ]),
    expect: editorsOnly(201),
    why: 'who may create or edit videos may send their cover picture (decision 0244)',
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/ipm-files?ipm_id=1',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/ipm-files/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/ipm-files',
    payload: { ipm_id: 1 },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a new file needs its upload',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/ipm-files/999999',
    payload: { name: '矩陣' },
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/ipm-files/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/ipm-files/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: { fileName: '矩陣.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
  },
  {
    route: 'GET /api/v1/admin/files/:id',
    url: (samples) => `/api/v1/admin/files/${samples.ipmFileUploadId}`,
    expect: editorsOnly(200),
    why: "an IPM sheet's other file, to those who edit them",
  },
  // A news item's pictures and attachments (decision 0246): editors and admins.
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news-pictures?news_id=1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news-pictures',
    payload: { news_id: 1, alt: '矩陣' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: it needs its upload',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/news-pictures/999999',
    payload: { alt: '矩陣', name: '矩陣' },
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/news-pictures/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news-files?news_id=1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/news-files',
    payload: { news_id: 1 },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: it needs its upload',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/news-files/999999',
    payload: { alt: '矩陣', name: '矩陣' },
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/news-files/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/news-pictures/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '消息.png',
          contentType: 'image/png',
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
        },
      },
    ]),
    expect: editorsOnly(201),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/news-files/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: { fileName: '附件.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/publications?state=published',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/publications',
    payload: { title: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a publication needs its title and PDF',
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/publications/999999/publish',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/publications/pdf',
    ...multipartBody([
      {
        name: 'pdf',
        value: { fileName: '矩陣.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
  },
  { route: 'GET /api/v1/admin/resources/:resource', url: '/api/v1/admin/resources/videos', expect: editorsOnly(200) },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/videos',
    payload: { title: '矩陣影片', youtube: 'not a video' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: not a YouTube address',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/videos/999999',
    payload: { title: '矩陣影片' },
    expect: editorsOnly(404),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/researchers',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/researchers',
    payload: { name: '矩陣', room: '研究室', job: '職稱', sex: 'X' },
    expect: editorsOnly(400),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/researchers/999999',
    expect: editorsOnly(404),
  },
  // Quick-start items, their files and the related links (decisions 0247–0249): editors and admins.
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/quick-items?state=draft',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/quick-items/1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/quick-items',
    payload: { title: '' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: an item needs its title',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/quick-items/999999',
    payload: { title: '矩陣快速入門' },
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource/:id/:action',
    url: '/api/v1/admin/resources/quick-items/999999/publish',
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/quick-items/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/quick-files?quick_id=1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/quick-files',
    payload: { quick_id: 1 },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: a file needs its upload',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/quick-files/999999',
    payload: { name: '矩陣' },
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/quick-files/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'POST /api/v1/admin/uploads/:resource/:field',
    url: '/api/v1/admin/uploads/quick-files/upload',
    ...multipartBody([
      {
        name: 'upload',
        value: { fileName: '矩陣.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    ]),
    expect: editorsOnly(201),
    why: "who may add a quick-start item's files may send them",
  },
  {
    route: 'GET /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/related-links?url_checked=no',
    expect: editorsOnly(200),
  },
  {
    route: 'GET /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/related-links/1',
    expect: editorsOnly(200),
  },
  {
    route: 'POST /api/v1/admin/resources/:resource',
    url: '/api/v1/admin/resources/related-links',
    payload: { title: '矩陣連結', url: 'http://example.org/' },
    expect: editorsOnly(400),
    why: 'allowed, then refused by the contract: not an https address',
  },
  {
    route: 'PATCH /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/related-links/999999',
    payload: { title: '矩陣連結', url: 'https://example.org/' },
    expect: editorsOnly(404),
  },
  {
    route: 'DELETE /api/v1/admin/resources/:resource/:id',
    url: '/api/v1/admin/resources/related-links/999999',
    expect: editorsOnly(404),
  },
  {
    route: 'PAGE /quick/detail',
    url: '/quick/detail?id=999999&preview=1',
    expect: everyone(404),
    why: 'a preview of nothing: not found for staff either',
  },
  {
    route: 'GET /files/quick/:id/:fileId',
    url: '/files/quick/1/999999?preview=1',
    expect: everyone(404),
    why: 'no such file, preview or not',
  },
  {
    route: 'PAGE /video/detail',
    url: '/video/detail?id=999999&preview=1',
    expect: everyone(404),
    why: 'a preview of nothing: not found for staff either',
  },
  {
    route: 'PAGE /publication/detail',
    url: '/publication/detail?id=999999&preview=1',
    expect: everyone(404),
    why: 'a preview of nothing: not found for staff either',
  },
  {
    route: 'GET /files/ipm/:id',
    url: (samples) => `/files/ipm/${samples.draftIpmSheetId}?preview=1`,
    expect: { ...everyone(404), editor: 200, admin: 200 },
    why: "a draft's PDF, for the editors' preview only",
  },
  {
    route: 'GET /files/ipm/:id',
    url: (samples) => `/files/ipm/${samples.draftIpmSheetId}`,
    expect: everyone(404),
    why: 'a draft is not public, whoever asks without the preview',
  },
  // Pages (React Router), by path
  { route: 'PAGE /', url: '/', expect: everyone(200) },
  { route: 'PAGE /consultation/form', url: '/consultation/form', expect: everyone(200) },
  { route: 'PAGE /expert', url: '/expert', expect: everyone(200), why: 'the sign-in panel or the list' },
  { route: 'PAGE /expert/form', url: '/expert/form', expect: everyone(200) },
  {
    route: 'PAGE /expert/detail/:id',
    url: () => `/expert/detail/${matrixSamples.discussionQuestionId}`,
    expect: { anonymous: 200, memberA: 200, memberB: 200, expert: 200, editor: 200, admin: 200 },
    why: 'the sign-in panel for visitors and unlinked members, the question for readers',
  },
  {
    route: 'PAGE POST /expert/detail/:id',
    url: () => `/expert/detail/${matrixSamples.discussionQuestionId}`,
    payload: { intent: 'delete-comment', id: '999999' },
    expect: everyone(200),
    why: 'a delete without its confirmation is asked once more, whoever sends it (decision 0368)',
  },
  {
    route: 'PAGE POST /expert/detail/:id',
    url: () => `/expert/detail/${matrixSamples.discussionQuestionId}`,
    payload: { intent: 'delete-comment', id: '999999', confirmed: '1' },
    expect: everyone(404),
    why: 'no such comment; a reader who may not delete is refused by the same service as the API',
  },
  {
    route: 'PAGE /consultation/case',
    url: `/consultation/case?token=${'x'.repeat(43)}`,
    expect: everyone(404),
    why: "the asker's case is shown only through the private link from their mail",
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
  { route: 'PAGE /consultation/advisory', url: '/consultation/advisory?crop=水稻', expect: everyone(200) },
  { route: 'PAGE /consultation/advisory/detail', url: '/consultation/advisory/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /search/IPM', url: '/search/IPM', expect: everyone(200) },
  { route: 'PAGE /search/video', url: '/search/video', expect: everyone(200) },
  { route: 'PAGE /IPM', url: '/IPM', expect: everyone(200) },
  { route: 'PAGE /IPM/detail', url: '/IPM/detail?id=1', expect: everyone(200) },
  {
    route: 'PAGE /IPM/detail',
    url: (samples) => `/IPM/detail?id=${samples.draftIpmSheetId}&preview=1`,
    expect: { ...everyone(404), editor: 200, admin: 200 },
    why: 'the staff preview of a draft; for anyone else the public page, which has no draft',
  },
  {
    route: 'PAGE /news/detail',
    url: (samples) => `/news/detail?id=${samples.draftNewsId}&preview=1`,
    expect: { ...everyone(404), editor: 200, admin: 200 },
    why: 'the staff preview of a draft news item',
  },
  { route: 'PAGE /publication', url: '/publication', expect: everyone(200) },
  { route: 'PAGE /publication/detail', url: '/publication/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /video', url: '/video', expect: everyone(200) },
  { route: 'PAGE /video/detail', url: '/video/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /quick', url: '/quick', expect: everyone(200) },
  { route: 'PAGE /quick/detail', url: '/quick/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /link', url: '/link', expect: everyone(200) },
  { route: 'PAGE /link/detail', url: '/link/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /news', url: '/news', expect: everyone(200) },
  { route: 'PAGE /news/detail', url: '/news/detail?id=1', expect: everyone(200) },
  { route: 'PAGE /consultation', url: '/consultation?id=10', expect: everyone(200) },
  { route: 'PAGE /contact', url: '/contact', expect: everyone(200) },
  { route: 'PAGE /feedback', url: '/feedback?from=/search/bug', expect: everyone(200) },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/contact-messages',
    expect: staffPage({ editor: 200, admin: 200 }),
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
  { route: 'PAGE /admin/:resource', url: '/admin/members', expect: staffPage({ admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: (samples) => `/admin/members/${samples.memberBId}/edit`,
    expect: staffPage({ admin: 200 }),
  },
  { route: 'PAGE /admin/:resource', url: '/admin/outbox', expect: staffPage({ admin: 200 }) },
  { route: 'PAGE /admin/:resource', url: '/admin/records', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: (samples) => `/admin/records/${samples.recordId}/edit`,
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /admin/:resource/new', url: '/admin/records/new', expect: staffPage({ editor: 200, admin: 200 }) },
  { route: 'PAGE /admin/:resource', url: '/admin/ipm-files?ipm_id=1', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/news-pictures?news_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/new',
    url: '/admin/news-files/new?news_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/new',
    url: '/admin/ipm-files/new?ipm_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/ipm-sheets/1/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
    why: 'the edit form with the cover picture (decision 0244)',
  },
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
  { route: 'PAGE /admin/:resource', url: '/admin/crops', expect: staffPage({ editor: 200, admin: 200 }) },
  // Pest alerts (decision 0402): editors and admins write and publish them
  { route: 'PAGE /admin/:resource', url: '/admin/pest-alerts', expect: staffPage({ editor: 200, admin: 200 }) },
  { route: 'PAGE /admin/:resource/new', url: '/admin/pest-alerts/new', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/crops/1/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /admin/:resource', url: '/admin/consultation-crops', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/consultation-crops/10/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/consultation-levels?crop_id=10',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/:id/delete',
    url: '/admin/consultation-levels/1/delete',
    expect: staffPage({ editor: 200, admin: 200 }),
    why: 'the confirmation page; the deletion itself is refused while the level has options',
  },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/consultation-options?level_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/:id',
    url: '/admin/consultation-options/1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/new',
    url: '/admin/consultation-options/new?parent_option_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /admin/:resource', url: '/admin/quick-items', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id',
    url: '/admin/quick-items/1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/quick-files?quick_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource/new',
    url: '/admin/quick-files/new?quick_id=1',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  { route: 'PAGE /admin/:resource', url: '/admin/related-links', expect: staffPage({ editor: 200, admin: 200 }) },
  {
    route: 'PAGE /admin/:resource/:id/edit',
    url: '/admin/related-links/1/edit',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/consultation-cases',
    expect: staffPage({ expert: 200, editor: 200, admin: 200 }),
  },
  {
    route: 'PAGE /admin/consultation-cases/:id',
    url: (samples) => `/admin/consultation-cases/${samples.caseId}`,
    expect: staffPage({ expert: 200, editor: 200, admin: 200 }),
  },
  { route: 'PAGE /open-data', url: '/open-data', expect: everyone(200) },
  { route: 'PAGE /privacy', url: '/privacy', expect: everyone(200) },
  // Pest alerts (decisions 0402–0404): public pages; the mails' links carry their own tokens
  { route: 'PAGE /alerts', url: '/alerts', expect: everyone(200) },
  {
    route: 'PAGE POST /alerts',
    url: '/alerts',
    payload: { crop: '水稻', counties: '臺中市', email: 'not-an-address' },
    expect: everyone(200),
    why: 'anyone may subscribe an address, which is confirmed by a link first; a bad address is answered on the page',
  },
  ...(['confirm', 'unsubscribe'] as const).flatMap((kind): Row[] => [
    { route: `PAGE /alerts/${kind}`, url: `/alerts/${kind}?token=${'x'.repeat(43)}`, expect: everyone(200) },
    {
      route: `PAGE POST /alerts/${kind}`,
      url: `/alerts/${kind}?token=${'x'.repeat(43)}`,
      payload: { token: 'x'.repeat(43) },
      expect: everyone(200),
      why: "only the holder of the mail's token changes anything; no such token, said on the page",
    },
  ]),
  { route: 'PAGE /offline', url: '/offline', expect: everyone(200) },
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
    route: 'PAGE /consultation/follow-up',
    url: '/consultation/follow-up?token=no-such-token&answer=solved',
    expect: everyone(200),
    why: 'says the link is no longer valid',
  },
  { route: 'PAGE /login', url: '/login', expect: anonymousOnlyPage, why: 'signed in already: on to /member' },
  { route: 'PAGE /register', url: '/register', expect: anonymousOnlyPage },
  { route: 'PAGE /member', url: '/member', expect: signedInPage(200) },
  { route: 'PAGE /member/personal-data', url: '/member/personal-data', expect: signedInPage(200) },
  {
    route: 'PAGE /member/delete',
    url: '/member/delete',
    expect: signedInPage(200),
    why: 'the confirmation step; after a deletion (?done=1) it says so to the signed-out visitor',
  },
  { route: 'PAGE /forgot-password', url: '/forgot-password', expect: everyone(200) },
  { route: 'PAGE /reset-password', url: '/reset-password', expect: everyone(200) },
  { route: 'PAGE /confirm-email', url: '/confirm-email', expect: everyone(200) },
  {
    route: 'PAGE /stop-email-change',
    url: '/stop-email-change?token=no-such-token',
    expect: everyone(200),
    why: 'the old address’s link: a button, whoever follows it (decision 0293)',
  },
  { route: 'PAGE /logout', url: '/logout', expect: everyone(302), why: 'signing out is a form post' },
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
  // Page actions (form posts), by path
  {
    route: 'PAGE POST /login',
    url: '/login',
    payload: (person) => ({ account: `nobody${persons.indexOf(person)}`, password: 'Wrong-Pass-2026' }),
    expect: { ...everyone(302), anonymous: 200 },
    why: 'the wrong password shown on the page; signed in already: on to /member',
  },
  {
    route: 'PAGE POST /register',
    url: '/register',
    payload: { account: 'x' },
    expect: { ...everyone(302), anonymous: 200 },
    why: 'field errors shown on the page',
  },
  {
    route: 'PAGE POST /member/personal-data',
    url: '/member/personal-data',
    payload: { intent: 'export' },
    expect: signedInPage(200),
    why: 'queued, or the daily budget said on the page',
  },
  {
    route: 'PAGE POST /member/delete',
    url: '/member/delete',
    payload: { password: 'Not-The-Password-1', confirm: 'yes' },
    expect: signedInPage(200),
    why: 'a wrong password is said beside the field; nothing is deleted',
  },
  {
    route: 'PAGE POST /member',
    url: '/member',
    payload: (person) => ({ intent: 'profile', ...profileOf(person) }),
    expect: signedInPage(200),
  },
  {
    route: 'PAGE POST /member',
    url: '/member',
    payload: { intent: 'end-session', session: 'no-such-session0' },
    expect: signedInPage(404),
    why: 'signs out one of their own devices only (decision 0294; IDOR below)',
  },
  {
    route: 'PAGE POST /member',
    url: '/member',
    payload: { intent: 'cancel-email' },
    expect: signedInPage(200),
    why: 'drops their own waiting change of e-mail, if any (decision 0293)',
  },
  // The accounts pages answer a refused form with its errors on the page (200).
  { route: 'PAGE POST /forgot-password', url: '/forgot-password', payload: { identifier: 'x' }, expect: everyone(200) },
  { route: 'PAGE POST /reset-password', url: '/reset-password', payload: { token: 'x' }, expect: everyone(200) },
  { route: 'PAGE POST /confirm-email', url: '/confirm-email', payload: { token: 'x' }, expect: everyone(200) },
  {
    route: 'PAGE POST /stop-email-change',
    url: '/stop-email-change',
    payload: { token: 'no-such-token' },
    expect: everyone(200),
    why: 'the token is the right: a wrong one is refused on the page',
  },
  { route: 'PAGE POST /logout', url: '/logout', payload: {}, fresh: true, expect: everyone(302) },
  {
    route: 'PAGE POST /admin/:resource/:id',
    url: `/admin/jobs/${unknownJob}`,
    payload: { _action: 'retry' },
    expect: staffPage({ admin: 404 }),
  },
  {
    route: 'PAGE POST /admin/consultation-cases/:id',
    url: (samples) => `/admin/consultation-cases/${samples.caseId}`,
    payload: { intent: 'note', note: '' },
    expect: staffPage({ expert: 200, editor: 200, admin: 200 }),
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
  {
    route: 'PAGE POST /consultation/case',
    url: `/consultation/case?token=${'x'.repeat(43)}`,
    payload: { token: 'x'.repeat(43), confirm: 'yes' },
    expect: everyone(404),
    why: "撤回並刪除 needs the asker's private follow link; no such token",
  },
  {
    route: 'PAGE POST /consultation/follow-up',
    url: '/consultation/follow-up',
    payload: { token: 'no-such-token', answer: 'solved' },
    expect: everyone(200),
    why: 'the refusal shown on the page',
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
];

/** Every page of the web build (React Router's route manifest, parents joined): `PAGE <path>`, and `PAGE POST <path>` for those with an action. */
function pageRoutes(build: ServerBuild): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    const own = route.path ?? '';
    return [parent, own].filter(Boolean).join('/').replace(/\/+/g, '/');
  };
  return Object.values(routes)
    .filter((route) => route && route.id !== 'root' && (route.index || route.path !== undefined))
    .filter((route) => !Object.values(routes).some((child) => child?.parentId === route!.id && child.index))
    .flatMap((route) => {
      const path = `/${fullPath(route!.id)}`.replace(/\/$/, '') || '/';
      return route!.module.action ? [`PAGE ${path}`, `PAGE POST ${path}`] : [`PAGE ${path}`];
    });
}

describe('the authorisation matrix', () => {
  let test: TestApp;
  let web: WebBuild;
  let build: ServerBuild;
  const samples: Samples = matrixSamples;
  let people: Record<TestPerson, SignedInPerson> | undefined;
  /** What each person's browser sends: nothing, or the session cookie from the real login call. */
  const headersOf = (person: Person): Record<string, string> =>
    person === 'anonymous' ? {} : people![person satisfies TestPerson].headers;

  beforeAll(async () => {
    web = await webBuildForTests();
    build = (await import(pathToFileURL(path.join(web.dir, 'server', 'index.js')).href)) as ServerBuild;
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir, RATE_LIMIT_API_MAX: '100000' }, { web: true });
    people = await signInPeople(test.app);
    samples.memberBId = people.memberB.id;
    await test.app.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { memberId: null, label: 'cli' },
        action: 'member.create',
        entity: 'member',
        entityId: 1,
      }),
    );
    const list = await test.app.inject({ url: '/api/v1/admin/resources/audit-log', headers: headersOf('admin') });
    samples.auditEntryId = list.json().data.rows[0].id;
    samples.expertId = people.expert.id;
    samples.recordId = (await test.app.db.select({ id: records.id }).from(records).limit(1))[0]!.id;
    const editorViewer = {
      memberId: people.editor.id,
      account: 'editor01',
      name: '測試editor',
      roles: ['editor' as const],
      sessionId: '',
      via: 'session' as const,
    };
    samples.draftRecordId = await test.app.services.records.saveRecord(editorViewer, null, {
      ...recordFormSchema.parse({ type: 'pest', c_name: '矩陣草稿' }),
    });
    const [draftPicture] = await test.app.services.records.addRecordPictures([
      {
        recordId: samples.draftRecordId,
        image: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336633' } })
          .png()
          .toBuffer(),
        class: 'album',
        caption: '',
        sort: 0,
        name: 'matrix-draft',
      },
    ]);
    samples.draftPictureFile = `/${draftPicture!.thumbUrl}`;
    samples.caseId = await insertSubmittedCase(test.app, {
      memberId: people.memberB.id,
      askerEmail: 'memberb01@example.org',
      askerName: '測試memberB',
    });
    const desk = test.app.services.consultation.desk;
    samples.casePhotoId = (await desk.getCase(samples.caseId, null))!.photos[0]!.id;
    const contact = test.app.services.contact;
    samples.contactMessageId = (
      await contact.submitMessage(
        {
          kind: 'contact',
          key: '00000000-0000-4000-8000-300000000000',
          form: {
            name: '測試memberB',
            email: 'memberb01@example.org',
            company_name: '合作社',
            country: 'TW',
            telephone: '05-597-1234',
            title: '詢問課程',
            message: '請問課程何時開始？',
            address: undefined,
            fax: undefined,
            website: undefined,
          },
        },
        { memberId: people.memberB.id },
      )
    ).id;
    await contact.markHandled(
      {
        memberId: people.admin.id,
        account: 'admin01',
        name: '測試admin',
        roles: ['admin'],
        sessionId: '',
        via: 'session',
      },
      samples.contactMessageId,
    );
    const catalog = await insertCatalogFile(test.app, {
      typeName: '矩陣分類',
      title: '矩陣檔案',
      file: '矩陣檔案.pdf',
    });
    samples.catalogTypeId = catalog.typeId;
    samples.catalogDetailId = catalog.detailId;
    samples.catalogRelationId = catalog.relationId;
    const upload = multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '樣本.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n% sample\n%%EOF\n'),
        },
      },
    ]);
    samples.downloadUploadId = (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads/catalog-details/upload',
        payload: upload.payload,
        headers: { ...headersOf('editor'), ...upload.headers },
      })
    ).json().data.id;
    samples.consultationPhotoFileId = (
      await test.app.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.purpose, 'consultation-photo'))
        .limit(1)
    )[0]!.id;
    const [sheet] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, 1));
    const { id: _sheetId, ...sheetColumns } = sheet!;
    samples.draftIpmSheetId = (
      await test.app.db
        .insert(ipmSheets)
        .values({ ...sheetColumns, title: '矩陣草稿', status: 0 })
        .returning({ id: ipmSheets.id })
    )[0]!.id;
    samples.draftNewsId = (
      await test.app.db
        .insert(news)
        .values({ class: 'fruit', title: '矩陣草稿消息', status: 0 })
        .returning({ id: news.id })
    )[0]!.id;
    const ipmFileUpload = multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '其他檔案.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n% other\n%%EOF\n'),
        },
      },
    ]);
    samples.ipmFileUploadId = (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads/ipm-files/upload',
        payload: ipmFileUpload.payload,
        headers: { ...headersOf('editor'), ...ipmFileUpload.headers },
      })
    ).json().data.id;
    samples.mailId = await test.app.db.transaction((tx) =>
      test.app.mail.queue(tx, { to: 'someone@example.com', subject: '測試', text: '測試' }),
    );
    // Member B links a demo LINE identity and asks; a stranger's identity asks and comments once per person.
    const issued = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/demo/id-token',
      payload: { name: '矩陣乙' },
    });
    const linked = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/link',
      payload: { idToken: issued.json().data.idToken },
      headers: headersOf('memberB'),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    samples.discussionQuestionId = await askAs(test.app, headersOf('memberB'), '成員乙的問題');
    const stranger = { cookie: await demoIdentity(test.app, '陌生人') };
    for (const person of persons) {
      samples.strangerQuestions[person] = await askAs(test.app, stranger, `陌生人的問題 ${person}`);
      samples.strangerComments[person] = await commentAs(
        test.app,
        stranger,
        samples.discussionQuestionId,
        `留言 ${person}`,
      );
    }
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('has a row for every route the app registers and every page of the web build, and none for what is gone', () => {
    const clientDir = path.join(web.dir, 'client');
    const registered = new Set<string>();
    for (const route of test.app.registeredRoutes) {
      // Built files (@fastify/static, one route each) and the page renderer are covered by the page rows.
      if (route.url === '/*' || route.url === '/' || existsSync(path.join(clientDir, route.url))) continue;
      if (route.method === 'HEAD') continue;
      registered.add(route.url === '/api/*' ? 'ALL /api/*' : `${route.method} ${route.url}`);
    }
    for (const page of pageRoutes(build)) registered.add(page);
    const declared = new Set(rows.map((row) => row.route));
    expect(
      [...registered].filter((route) => !declared.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...declared].filter((route) => !registered.has(route)),
      'rows without a route',
    ).toEqual([]);
  });

  describe.each(persons)('as %s', (person) => {
    let requestNumber = 0;
    it.each(rows.map((row) => [`${row.route} (${typeof row.url === 'string' ? row.url : 'sample'})`, row] as const))(
      '%s',
      async (_title, row) => {
        const url = typeof row.url === 'function' ? row.url(samples) : row.url;
        const [kind, second] = row.route.split(' ');
        const method = kind === 'PAGE' ? (second === 'POST' ? 'POST' : 'GET') : kind === 'ALL' ? 'GET' : kind;
        const form = kind === 'PAGE' && method === 'POST';
        const payload = typeof row.payload === 'function' ? row.payload(person) : row.payload;
        // A request that ends its session (logout) gets a session of its own, so the rows after it keep theirs.
        const credentials =
          row.fresh && person !== 'anonymous'
            ? (await signInAgain(test.app, people![person])).headers
            : headersOf(person);
        requestNumber += 1;
        const response = await test.app.inject({
          method: method as 'GET',
          url,
          // Each request from an address of its own: failed sign-ins of one row never lock out another.
          remoteAddress: `10.${persons.indexOf(person)}.${Math.floor(requestNumber / 250)}.${requestNumber % 250}`,
          headers: {
            ...credentials,
            'sec-fetch-site': 'same-origin',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...row.headers,
          },
          ...(payload
            ? { payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload }
            : {}),
        });
        expect(response.statusCode, `${person} ${method} ${url}`).toBe(row.expect[person]);
        if (response.statusCode === 302 && row.route.startsWith('PAGE /admin')) {
          expect(response.headers.location).toBe(`/login?redirect=${encodeURIComponent(url)}`);
        }
      },
    );
  });

  describe('member A can neither read nor change member B', () => {
    const as = (person: TestPerson) => ({ ...people![person].headers, 'sec-fetch-site': 'same-origin' });
    const profileOfB = async () =>
      (await test.app.inject({ method: 'POST', url: '/api/v1/members/auth', headers: as('memberB') })).json().data;

    it("cannot download member B's copy of their data, even with B's link", async () => {
      // A ready download of B's, as the job leaves it (its token known here only).
      const token = 'matrix-download-token-of-member-b-0000000000';
      const key = `personal-data/exports/matrix-${people!.memberB.id}.zip`;
      await test.app.storage.put(key, Buffer.from('PK matrix'));
      await test.app.db.insert(personalDataExports).values({
        subjectKind: 'member',
        subjectId: people!.memberB.id,
        state: 'ready',
        storageKey: key,
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const asA = await test.app.inject({ url: `/member/personal-data/${token}`, headers: as('memberA') });
      expect(asA.statusCode).toBe(303);
      expect(asA.headers.location).toBe('/member/personal-data?link=used');
      const asB = await test.app.inject({ url: `/member/personal-data/${token}`, headers: as('memberB') });
      expect(asB.statusCode).toBe(200);
      expect(asB.body).toBe('PK matrix');
    });

    it('sees only their own account, whatever they ask for', async () => {
      const own = await test.app.inject({ method: 'POST', url: '/api/v1/members/auth', headers: as('memberA') });
      expect(own.json().data).toMatchObject({ id: people!.memberA.id, account: 'membera01' });
      const session = await test.app.inject({ url: '/api/v1/session', headers: as('memberA') });
      expect(session.json().data.account).toBe('membera01');
      for (const url of [
        `/api/v1/admin/resources/members/${people!.memberB.id}`,
        `/api/v1/admin/resources/members?q=memberb01`,
        `/admin/members/${people!.memberB.id}`,
      ]) {
        const response = await test.app.inject({ url, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain('memberb01@example.org');
      }
    });

    it('changes only their own profile: the account comes from the session, never the body', async () => {
      const before = await profileOfB();
      const changed = await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: {
          name: '改名的甲',
          email: 'membera01@example.org',
          class: 'fruit',
          account: 'memberb01',
          id: people!.memberB.id,
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().d).toBe(`fruit;改名的甲;membera01@example.org;${people!.memberA.id}`);
      // B's address cannot be taken over either.
      const takeover = await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: { name: '改名的甲', email: 'memberb01@example.org', class: 'fruit' },
      });
      // Answered as any change (nothing tells that B has it), but it only waits: B keeps it, B is told.
      expect(takeover.statusCode).toBe(200);
      expect(takeover.json().pending_email).toBe('memberb01@example.org');
      expect(await profileOfB()).toEqual(before);
      await test.app.services.accounts.cancelEmailChange(people!.memberA.id);
      await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: profileOf('memberA'),
      });
    });

    it("cannot cancel member B's order nor give its transfer digits from /member, nor look it up", async () => {
      const { catalogue } = test.app.services;
      const viewerOfB = {
        memberId: people!.memberB.id,
        account: 'memberB',
        name: '測試memberB',
        roles: [],
        sessionId: '',
        via: 'session' as const,
      };
      const [product] = await catalogue.listShown('products');
      await catalogue.addCartLine(people!.memberB.id, product!.id, 1);
      const order = await catalogue.submitInquiry(viewerOfB, {
        name: '測試memberB',
        email: 'memberb01@example.org',
        telephone: '04-2330-2101',
        company_name: '示範農場',
        address: '',
        message: '請報價',
      });
      const post = (person: TestPerson, body: Record<string, string>) =>
        test.app.inject({
          method: 'POST',
          url: '/member/orders',
          payload: new URLSearchParams(body).toString(),
          headers: { ...as(person), 'content-type': 'application/x-www-form-urlencoded' },
        });
      const cancel = await post('memberA', { intent: 'cancel', order: String(order.id) });
      expect(cancel.headers.location).toBe(`/member?orders=not-found&id=${order.id}#member-orders`);
      const digits = await post('memberA', { intent: 'transfer', order: String(order.id), digits: '12345' });
      expect(digits.headers.location).toContain('orders=not-found');
      const lookUp = await test.app.inject({ url: `/member?order=${order.order_number}`, headers: as('memberA') });
      expect(lookUp.body).toContain('找不到編號');
      expect(lookUp.body).not.toContain('送出末五碼');
      const [after] = await catalogue.listMemberOrders(people!.memberB.id, { number: order.order_number });
      expect(after).toMatchObject({ status: 'new', last_number_of_transfer: null });
      // B's own post does it.
      const own = await post('memberB', { intent: 'transfer', order: String(order.id), digits: '54321' });
      expect(own.headers.location).toContain('orders=digits-saved');
      const [changed] = await catalogue.listMemberOrders(people!.memberB.id, { number: order.order_number });
      expect(changed?.last_number_of_transfer).toBe('54321');
    });

    it("cannot sign out member B's device from their own /member list, and signs out their own other one", async () => {
      const form = (person: TestPerson, body: Record<string, string>, headers = as(person)) =>
        test.app.inject({
          method: 'POST',
          url: '/member',
          payload: new URLSearchParams(body).toString(),
          headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        });
      const idsOf = async (memberId: number) =>
        (
          await test.app.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.memberId, memberId))
        ).map((row) => row.idHash.slice(0, 16));
      const ofB = await idsOf(people!.memberB.id);
      expect(ofB.length).toBeGreaterThan(0);
      const pageOfA = (await test.app.inject({ url: '/member', headers: as('memberA') })).body;
      expect(pageOfA).toContain('已登入的裝置');
      expect(pageOfA).toContain('（這個裝置）');
      for (const id of ofB) {
        expect(pageOfA).not.toContain(id);
        const refused = await form('memberA', { intent: 'end-session', session: id });
        expect(refused.statusCode).toBe(404);
      }
      expect(await idsOf(people!.memberB.id)).toEqual(ofB);
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberB') })).json().data).not.toBeNull();
      // Their own second device: listed, and signed out from here.
      const before = new Set(await idsOf(people!.memberA.id));
      const second = await signInAgain(test.app, people!.memberA);
      const secondId = (await idsOf(people!.memberA.id)).find((id) => !before.has(id))!;
      expect((await test.app.inject({ url: '/member', headers: as('memberA') })).body).toContain(secondId);
      const ended = await form('memberA', { intent: 'end-session', session: secondId });
      expect(ended.statusCode).toBe(200);
      expect((await test.app.inject({ url: '/api/v1/session', headers: second.headers })).json().data).toBeNull();
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberA') })).json().data).not.toBeNull();
    });

    it('changes their e-mail on /member only with their current password, and the change waits for the new address', async () => {
      const post = (body: Record<string, string>) =>
        test.app.inject({
          method: 'POST',
          url: '/member',
          payload: new URLSearchParams(body).toString(),
          headers: { ...as('memberA'), 'content-type': 'application/x-www-form-urlencoded' },
        });
      const profile = {
        intent: 'profile',
        name: '測試memberA',
        email: 'membera-moved@example.org',
        memberClass: 'all',
      };
      const missing = await post(profile);
      expect(missing.statusCode).toBe(400);
      const wrong = await post({ ...profile, currentPassword: 'Not-The-Password-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('目前的密碼不正確');
      const rowOfA = async () =>
        (await test.app.db.select().from(members).where(eq(members.id, people!.memberA.id)))[0];
      expect(await rowOfA()).toMatchObject({ email: 'membera01@example.org', pendingEmail: null });
      const right = await post({ ...profile, currentPassword: 'Green-Field-2026' });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('確認信已寄到 membera-moved@example.org');
      expect(await rowOfA()).toMatchObject({
        email: 'membera01@example.org',
        pendingEmail: 'membera-moved@example.org',
      });
      const page = (await test.app.inject({ url: '/member', headers: as('memberA') })).body;
      expect(page).toContain('等待確認的電子郵件');
      expect((await post({ intent: 'cancel-email' })).statusCode).toBe(200);
      expect(await rowOfA()).toMatchObject({ email: 'membera01@example.org', pendingEmail: null });
    });

    it("cannot reach member B's consultation case, on the desk or on /member", async () => {
      for (const url of [
        `/api/v1/admin/consultation/cases/${samples.caseId}`,
        `/api/v1/admin/consultation/cases/${samples.caseId}/photos/${samples.casePhotoId}`,
        `/admin/consultation-cases/${samples.caseId}`,
        '/api/v1/admin/resources/consultation-cases',
      ]) {
        const response = await test.app.inject({ url, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain('memberb01@example.org');
      }
      for (const [path, payload] of [
        ['reply', { reply: '冒充專家' }],
        ['note', { note: '冒充' }],
        ['publish', { published: true }],
        ['assign', { expertId: people!.memberA.id }],
      ] as const) {
        const url = `/api/v1/admin/consultation/cases/${samples.caseId}/${path}`;
        expect((await test.app.inject({ method: 'POST', url, payload, headers: as('memberA') })).statusCode, url).toBe(
          403,
        );
      }
      // React separates text parts with empty comments.
      const page = async (person: TestPerson) =>
        (await test.app.inject({ url: '/member', headers: as(person) })).body.replaceAll('<!-- -->', '');
      const own = await page('memberA');
      expect(own).toContain('您還沒有送出影像諮詢');
      expect(own).not.toContain(`案件編號 ${samples.caseId}：`);
      expect(await page('memberB')).toContain(`案件編號 ${samples.caseId}：`);
    });

    it('cannot grant themselves or member B a role, nor disable B', async () => {
      for (const [method, url, payload] of [
        ['PATCH', `/api/v1/admin/resources/members/${people!.memberA.id}`, { roles: ['admin'], disabled: false }],
        ['PATCH', `/api/v1/admin/resources/members/${people!.memberB.id}`, { roles: [], disabled: true }],
        ['POST', `/api/v1/admin/resources/members/${people!.memberB.id}/disable`, {}],
      ] as const) {
        const response = await test.app.inject({ method, url, payload, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
      }
      const form = await test.app.inject({
        method: 'POST',
        url: `/admin/members/${people!.memberB.id}/edit`,
        payload: 'roles=admin',
        headers: { ...as('memberA'), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(403);
      expect((await profileOfB()).roles).toEqual(['member']);
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberB') })).json().data).not.toBeNull();
    });
  });
});
