import {
  type Row,
  discussionReaders,
  everyone,
  signedIn,
  staffPage,
  editorsOnly,
  adminResourceRows,
} from '../../platform/test/authorisation-table';

/** The pest alerts' rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const alertsAuthorisationRows: Row[] = [
  // Editors and admins write and publish alerts (decision 0402)
  ...adminResourceRows('pest-alerts', {
    list: { expect: 200 },
    action: {
      id: 999999,
      name: 'publish',
      expect: { ...editorsOnly(404) },
      why: 'publishing an alert (no such alert here): editors and admins only',
    },
  }),
  { route: 'PAGE /admin/:resource', url: '/admin/pest-alerts', expect: staffPage({ editor: 200, admin: 200 }) },
  { route: 'PAGE /admin/:resource/new', url: '/admin/pest-alerts/new', expect: staffPage({ editor: 200, admin: 200 }) },
  // The public API (decisions 0402–0404)
  { route: 'GET /api/v1/alerts/active', url: '/api/v1/alerts/active', expect: everyone(200) },
  ...(['email', 'push'] as const).map((channel): Row => ({
    route: `POST /api/v1/alerts/subscriptions/${channel}`,
    url: `/api/v1/alerts/subscriptions/${channel}`,
    payload: { crop: '水稻', counties: [] },
    expect: everyone(400),
    why: 'anyone may subscribe (an address is confirmed by a link first); no county chosen',
  })),
  // LINE (decision 0420): only a LINE identity the server verified (memberB's linked one), never one from the body
  {
    route: 'POST /api/v1/alerts/subscriptions/line',
    url: '/api/v1/alerts/subscriptions/line',
    payload: { crop: '水稻', counties: [] },
    expect: { ...discussionReaders, memberB: 400, expert: 401, editor: 401, admin: 401 },
    why: 'the discussion session or linked LINE identity subscribes itself; no county chosen',
  },
  {
    route: 'DELETE /api/v1/alerts/subscriptions/line',
    url: `/api/v1/alerts/subscriptions/line?crop=${encodeURIComponent('火星草')}`,
    expect: { ...discussionReaders, expert: 401, editor: 401, admin: 401 },
    why: "only the verified LINE identity's own subscriptions end; no such crop",
  },
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
  // A member's own subscriptions on /member (decision 0426): the member from the session; another's is a 404 (alerts.test.ts)
  {
    route: 'GET /api/v1/alerts/subscriptions/mine',
    url: '/api/v1/alerts/subscriptions/mine',
    expect: signedIn(200),
    why: "always the signed-in member's own subscriptions",
  },
  {
    route: 'DELETE /api/v1/alerts/subscriptions/mine/:id',
    url: '/api/v1/alerts/subscriptions/mine/999999',
    expect: signedIn(404),
    why: "only one's own subscription ends; no such subscription here",
  },
  {
    route: 'PAGE /member/alerts',
    url: '/member/alerts',
    expect: everyone(302),
    why: 'members on to the list on /member, visitors to the login page',
  },
  {
    route: 'PAGE POST /member/alerts',
    url: '/member/alerts',
    payload: { subscription: '999999' },
    expect: everyone(302),
    why: "members back to /member, told none of theirs was found (another's is never touched); visitors to the login page",
  },
  // Public pages; the mails' links carry their own tokens
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
];
