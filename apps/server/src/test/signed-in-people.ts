import type { Role } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';

/** The people of the authorisation tests: two plain members and one of each staff role. */
export const testPeople = {
  memberA: [],
  memberB: [],
  expert: ['expert'],
  editor: ['editor'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Exclude<Role, 'member'>[]>;
export type TestPerson = keyof typeof testPeople;

export interface SignedInPerson {
  id: number;
  account: string;
  /** What their browser sends: the session cookie from the real login call, and a matching XSRF pair. */
  headers: Record<string, string>;
}

const password = 'Green-Field-2026';

/**
 * Registers each test person through the accounts services, grants their staff role as the
 * command line does, and signs each in through the real login call (`/api/info/logini`), so the
 * requests that follow carry a real session cookie.
 */
export async function signInPeople(app: FastifyInstance): Promise<Record<TestPerson, SignedInPerson>> {
  const accounts = app.services.accounts;
  const people = {} as Record<TestPerson, SignedInPerson>;
  let client = 10;
  for (const [person, roles] of Object.entries(testPeople) as Array<[TestPerson, readonly Exclude<Role, 'member'>[]]>) {
    const account = `${person.toLowerCase()}01`;
    const { member } = await accounts.register(
      { account, name: `測試${person}`, email: `${account}@example.org`, memberClass: 'all', password },
      { signIn: false },
    );
    for (const role of roles) await accounts.grantRole({ memberId: null, label: 'cli' }, member.id, role);
    people[person] = await signInAgain(app, { id: member.id, account }, `198.51.100.${(client += 1)}`);
  }
  return people;
}

/** Signs a test person in once more (a second session, as from another browser). */
export async function signInAgain(
  app: FastifyInstance,
  person: Pick<SignedInPerson, 'id' | 'account'>,
  remoteAddress = '198.51.100.200',
): Promise<SignedInPerson> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/info/logini',
    payload: { a1: person.account, a2: password },
    remoteAddress,
  });
  const cookies = response.headers['set-cookie'];
  const session = (Array.isArray(cookies) ? cookies : [cookies ?? '']).find((cookie) =>
    cookie.startsWith('pest_session='),
  );
  if (!session) throw new Error(`${person.account} could not sign in: ${response.body}`);
  const xsrf = `xsrf-${person.account}`;
  return {
    id: person.id,
    account: person.account,
    headers: { cookie: `${session.split(';')[0]}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
  };
}
