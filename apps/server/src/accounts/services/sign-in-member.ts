import type { MemberSummary } from '@pest/contracts';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { verifyPassword } from '../password-hash';
import { loginFailures, members } from '../schema';
import { loadMemberSummary } from './load-member-summary';

export type SignInResult =
  | { ok: true; member: MemberSummary }
  | { ok: false; reason: 'wrong' | 'locked' | 'altcha-required' | 'altcha-failed'; altchaRequired: boolean };

export interface SignInAttempt {
  account: string;
  password: string;
  /** The client's key (a salted hash of its address): failures count per account and per client. */
  client: string;
  /** Spends the robot check's payload (true once for a valid solution); asked only when it is required. */
  spendAltcha: () => Promise<boolean>;
}

/**
 * Checks an account and password. Five failures within the window lock the account
 * for the window; after two failures of the account, or three from the client, the robot check is
 * required. A client is never locked (decision 0295): a farmers' association or a school shares one
 * address, so there a correct password with a solved check still signs in, and the login budget
 * bounds the guessing. A missing account, a disabled one and a wrong password answer alike and are
 * counted alike, so nothing tells whether an account exists. Success clears the account's
 * failures. Sessions are made by the caller.
 */
export async function signInMember(
  db: Executor,
  settings: AccountsSettings,
  attempt: SignInAttempt,
): Promise<SignInResult> {
  const since = new Date(Date.now() - settings.lockoutWindowMs);
  await db.delete(loginFailures).where(lt(loginFailures.at, since));
  const [counts] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.account} = ${attempt.account})`.mapWith(Number),
      client: sql<number>`count(*) filter (where ${loginFailures.clientHash} = ${attempt.client})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.at, since),
        or(eq(loginFailures.account, attempt.account), eq(loginFailures.clientHash, attempt.client)),
      ),
    );
  const accountFailures = counts?.account ?? 0;
  const clientFailures = counts?.client ?? 0;
  if (accountFailures >= settings.lockoutMax) {
    return { ok: false, reason: 'locked', altchaRequired: true };
  }
  const altchaRequired =
    accountFailures >= settings.altchaAfterFailures || clientFailures >= settings.altchaAfterClientFailures;
  if (altchaRequired && !(await attempt.spendAltcha())) {
    return { ok: false, reason: 'altcha-required', altchaRequired };
  }

  const [row] = await db
    .select({ id: members.id, passwordHash: members.passwordHash, disabledAt: members.disabledAt })
    .from(members)
    .where(eq(members.account, attempt.account));
  const passwordMatches = await verifyPassword(row?.passwordHash ?? null, attempt.password);
  if (!row || !passwordMatches || row.disabledAt !== null) {
    await db.insert(loginFailures).values({ account: attempt.account, clientHash: attempt.client });
    const locked = accountFailures + 1 >= settings.lockoutMax;
    const nextNeedsAltcha =
      accountFailures + 1 >= settings.altchaAfterFailures || clientFailures + 1 >= settings.altchaAfterClientFailures;
    return { ok: false, reason: locked ? 'locked' : 'wrong', altchaRequired: nextNeedsAltcha };
  }

  await db.delete(loginFailures).where(eq(loginFailures.account, attempt.account));
  await db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, row.id));
  const member = await loadMemberSummary(db, row.id);
  if (!member) return { ok: false, reason: 'wrong', altchaRequired };
  return { ok: true, member };
}
