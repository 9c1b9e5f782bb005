import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/* What the benchmark asks the server before it loads it: record ids to visit, a signed-in member. */

export async function recordIds(origin: string): Promise<number[]> {
  return (await recordSummaries(origin)).map((item) => item.id);
}

/** The first 100 records' ids and names. */
export async function recordSummaries(origin: string): Promise<Array<{ id: number; CName: string }>> {
  const response = await fetch(`${origin}/api/info/searchResult`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ term: '', ty: 'y,y,y,y', pageSize: 100 }),
  });
  const payload = (await response.json()) as { d: { items: Array<{ id: number; CName: string }> } };
  return payload.d.items;
}

/**
 * Signs a member up and in as a browser does (the site's own robot check solved like the widget,
 * then the login call) and returns the cookies that browser would send from then on: a real session.
 */
export async function signedInMemberCookie(origin: string): Promise<string> {
  const account = `bench${Date.now().toString(36)}`;
  const password = 'Bench-Member-2026';
  const challenge = (await (await fetch(`${origin}/api/v1/altcha-challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const signUp = await fetch(`${origin}/api/v1/members-signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account,
      name: '測試會員',
      email: `${account}@example.org`,
      class: 'all',
      password,
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  if (signUp.status !== 201) throw new Error(`bench member sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const login = await fetch(`${origin}/api/info/logini`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a1: account, a2: password }),
  });
  const cookies = login.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
  if (!cookies.some((cookie) => cookie.startsWith('pest_session='))) {
    throw new Error(`bench member sign-in failed: ${login.status} ${await login.text()}`);
  }
  return cookies.join('; ');
}
