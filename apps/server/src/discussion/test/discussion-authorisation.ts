import {
  type Row,
  matrixSamples,
  everyone,
  signedIn,
  discussionReaders,
} from '../../platform/test/authorisation-table';

/** The discussion rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const discussionAuthorisationRows: Row[] = [
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
];
