import {
  type Row,
  everyone,
  staffPage,
  info,
  editorsOnly,
  adminResourceRows,
} from '../../platform/test/authorisation-table';
import { multipartBody } from '../../platform/uploads/test/multipart';

/** The reading-room rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const readingRoomAuthorisationRows: Row[] = [
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
  // The reading room in the admin: editors and admins; drafts previewed by them alone.
  ...adminResourceRows('ipm-sheets', {
    list: { expect: 200 },
    get: { id: (samples) => samples.draftIpmSheetId, expect: 200 },
    create: {
      payload: { title: '', category: '水稻' },
      expect: 400,
      why: 'allowed, then refused by the contract: a sheet needs its title and PDF',
    },
    update: { id: (samples) => samples.draftIpmSheetId, payload: { title: '', category: '水稻' }, expect: 400 },
    action: { id: 999999, name: 'publish', expect: 404, why: 'editors may publish; no such sheet' },
    delete: { id: 999999, expect: 404 },
  }),
  ...adminResourceRows('news', {
    list: { query: 'state=draft', expect: 200 },
    get: { id: (samples) => samples.draftNewsId, expect: 200 },
    create: {
      payload: { title: '矩陣消息', class: 'rice' },
      expect: 400,
      why: 'allowed, then refused by the contract: an unknown class',
    },
    update: {
      id: (samples) => samples.draftNewsId,
      payload: { title: '矩陣消息', class: 'fruit', post_at: '明天' },
      expect: 400,
    },
    action: { id: 999999, name: 'unpublish', expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
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
  ...adminResourceRows('ipm-files', {
    list: { query: 'ipm_id=1', expect: 200 },
    get: { id: 999999, expect: 404 },
    create: {
      payload: { ipm_id: 1 },
      expect: 400,
      why: 'allowed, then refused by the contract: a new file needs its upload',
    },
    update: { id: 999999, payload: { name: '矩陣' }, expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
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
  ...adminResourceRows('news-pictures', {
    list: { query: 'news_id=1', expect: 200 },
    create: {
      payload: { news_id: 1, alt: '矩陣' },
      expect: 400,
      why: 'allowed, then refused by the contract: it needs its upload',
    },
    update: { id: 999999, payload: { alt: '矩陣', name: '矩陣' }, expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
  ...adminResourceRows('news-files', {
    list: { query: 'news_id=1', expect: 200 },
    create: { payload: { news_id: 1 }, expect: 400, why: 'allowed, then refused by the contract: it needs its upload' },
    update: { id: 999999, payload: { alt: '矩陣', name: '矩陣' }, expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
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
  ...adminResourceRows('publications', {
    list: { query: 'state=published', expect: 200 },
    create: {
      payload: { title: '' },
      expect: 400,
      why: 'allowed, then refused by the contract: a publication needs its title and PDF',
    },
    action: { id: 999999, name: 'publish', expect: 404 },
  }),
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
  ...adminResourceRows('videos', {
    list: { expect: 200 },
    create: {
      payload: { title: '矩陣影片', youtube: 'not a video' },
      expect: 400,
      why: 'allowed, then refused by the contract: not a YouTube address',
    },
    update: { id: 999999, payload: { title: '矩陣影片' }, expect: 404 },
  }),
  ...adminResourceRows('researchers', {
    list: { expect: 200 },
    create: { payload: { name: '矩陣', room: '研究室', job: '職稱', sex: 'X' }, expect: 400 },
    delete: { id: 999999, expect: 404 },
  }),
  // Quick-start items, their files and the related links (decisions 0247–0249): editors and admins.
  ...adminResourceRows('quick-items', {
    list: { query: 'state=draft', expect: 200 },
    get: { id: 1, expect: 200 },
    create: {
      payload: { title: '' },
      expect: 400,
      why: 'allowed, then refused by the contract: an item needs its title',
    },
    update: { id: 999999, payload: { title: '矩陣快速入門' }, expect: 404 },
    action: { id: 999999, name: 'publish', expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
  ...adminResourceRows('quick-files', {
    list: { query: 'quick_id=1', expect: 200 },
    create: {
      payload: { quick_id: 1 },
      expect: 400,
      why: 'allowed, then refused by the contract: a file needs its upload',
    },
    update: { id: 999999, payload: { name: '矩陣' }, expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
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
  ...adminResourceRows('related-links', {
    list: { query: 'url_checked=no', expect: 200 },
    get: { id: 1, expect: 200 },
    create: {
      payload: { title: '矩陣連結', url: 'http://example.org/' },
      expect: 400,
      why: 'allowed, then refused by the contract: not an https address',
    },
    update: { id: 999999, payload: { title: '矩陣連結', url: 'https://example.org/' }, expect: 404 },
    delete: { id: 999999, expect: 404 },
  }),
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
];
