import { createHmac } from 'node:crypto';
import type { MemberClass, MemberSummary, Role, SessionData } from '@pest/contracts';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import type { AccountMailQueue } from './account-mail';
import { accountsSettings } from './accounts-settings';
import { altchaKeysFrom, type AltchaKeys } from './altcha-keys';
import { createAccountsPrivacyServices } from './privacy/accounts-privacy-services';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import { changePassword } from './services/change-password';
import { checkAccountExists } from './services/check-account-exists';
import { checkClientNeedsAltcha } from './services/check-client-needs-altcha';
import { confirmEmail } from './services/confirm-email';
import { createAdmin } from './services/create-admin';
import { createAltchaChallenge } from './services/create-altcha-challenge';
import { createSession, type NewSession } from './services/create-session';
import { deleteExpiredAccountRows } from './services/delete-expired-account-rows';
import { disableMember } from './services/disable-member';
import { enableMember } from './services/enable-member';
import { endMemberSessions } from './services/end-member-sessions';
import { endSession } from './services/end-session';
import { findSessionViewer } from './services/find-session-viewer';
import { getAccountSecret } from './services/get-account-secret';
import { getMemberForStaff } from './services/get-member-for-staff';
import { grantRole } from './services/grant-role';
import { listMembers } from './services/list-members';
import { loadMemberSummary } from './services/load-member-summary';
import { registerMember, type NewMember } from './services/register-member';
import { requestPasswordReset } from './services/request-password-reset';
import { resendEmailConfirmation } from './services/resend-email-confirmation';
import { resetPassword } from './services/reset-password';
import { revokeRole } from './services/revoke-role';
import { setMemberAccess } from './services/set-member-access';
import { signInMember, type SignInResult } from './services/sign-in-member';
import { spendAltchaSolution } from './services/spend-altcha-solution';
import { updateProfile } from './services/update-profile';
import { stopEmailChange } from './services/stop-email-change';
import { cancelEmailChange } from './services/cancel-email-change';
import { listMemberSessions } from './services/list-member-sessions';
import { endMemberSession } from './services/end-member-session';
import { summariseDevice } from './device-summary';
import type { StaffActor } from './staff-change';
import { clientKeyOf } from '../platform/http/client-key';

/** A sign-in as the pages, the information service and the product API make it. */
export interface SignInRequest {
  account: string;
  password: string;
  /** The client's address (request.ip): failures count per client too. */
  ip: string;
  altcha?: string | undefined;
  remember?: boolean | undefined;
  kind: 'session' | 'bearer';
  /** The session the browser had, ended on success (a new id at every sign-in). */
  replacing?: string | undefined;
  /** The User-Agent header: only a short summary is kept, for the member's list of devices. */
  userAgent?: string | null | undefined;
}

export type SignInOutcome = (SignInResult & { ok: false }) | { ok: true; member: MemberSummary; session: NewSession };

/** The accounts feature's services, bound once (feature manifest). */
export function createAccountsServices(
  context: Pick<FeatureContext, 'db' | 'env' | 'personalData'> & { mail: FeatureContext['mail'] & AccountMailQueue },
) {
  const { db, mail } = context;
  const settings = accountsSettings(context.env);

  let altchaKeys: Promise<AltchaKeys> | null = null;
  const keys = () => {
    altchaKeys ??= getAccountSecret(db, 'altcha-hmac')
      .then(altchaKeysFrom)
      .catch((error: unknown) => {
        altchaKeys = null;
        throw error;
      });
    return altchaKeys;
  };
  let clientSalt: Promise<string> | null = null;
  const clientKey = async (ip: string) => {
    clientSalt ??= getAccountSecret(db, 'login-client-salt').catch((error: unknown) => {
      clientSalt = null;
      throw error;
    });
    // Grouped as the request budgets group clients (IPv6 by /64), so one line is one client here too.
    return createHmac('sha256', await clientSalt)
      .update(clientKeyOf(ip))
      .digest('base64url')
      .slice(0, 22);
  };
  const spendAltcha = async (payload: string | undefined) => spendAltchaSolution(db, await keys(), payload);

  return {
    settings,
    /** The download, the deletion of the account and the retention of unused accounts (decisions 0307–0311). */
    privacy: createAccountsPrivacyServices(context),

    // ---- sessions ----
    findViewer: (token: string, kind: 'session' | 'bearer') => findSessionViewer(db, settings, token, kind),
    endSession: (sessionId: string) => endSession(db, sessionId),
    endMemberSessions: (memberId: number) => endMemberSessions(db, memberId),
    sessionCookie: (session: NewSession) => sessionCookie(settings, session.token, session.cookieMaxAge),
    clearedSessionCookie: () => clearedSessionCookie(settings),
    /** What GET /api/v1/session answers for a viewer: the header greeting and the member's news class. */
    async getSessionData(memberId: number): Promise<SessionData> {
      const member = await loadMemberSummary(db, memberId);
      if (!member) return null;
      return {
        account: member.account,
        name: member.name,
        class: member.class,
        roles: member.roles,
        email_confirmed: member.email_confirmed,
      };
    },
    getMember: (memberId: number) => loadMemberSummary(db, memberId),

    // ---- signing in ----
    async signIn(request: SignInRequest): Promise<SignInOutcome> {
      const result = await signInMember(db, settings, {
        account: request.account,
        password: request.password,
        client: await clientKey(request.ip),
        spendAltcha: () => spendAltcha(request.altcha),
      });
      if (!result.ok) return result;
      const session = await db.transaction(async (tx) => {
        if (request.replacing) await endSession(tx, request.replacing);
        return createSession(tx, settings, result.member.id, {
          kind: request.kind,
          remember: request.remember ?? false,
          device: summariseDevice(request.userAgent),
        });
      });
      return { ok: true, member: result.member, session };
    },
    clientNeedsAltcha: async (ip: string) => checkClientNeedsAltcha(db, settings, await clientKey(ip)),
    createAltchaChallenge: async () => createAltchaChallenge(await keys(), settings.altchaCost),
    spendAltcha,

    // ---- the member's own account ----
    /** Registers a member; the pages and /userNew sign them in at once (a browser session). */
    async register(input: NewMember, options: { signIn: boolean; userAgent?: string | null | undefined }) {
      const member = await registerMember(db, mail, settings, input);
      const session = options.signIn
        ? await createSession(db, settings, member.id, { kind: 'session', device: summariseDevice(options.userAgent) })
        : null;
      return { member, session };
    },
    checkAccountExists: (account: string) => checkAccountExists(db, account),
    /**
     * The member's own profile; a new e-mail waits for its confirmation (decision 0293). The /member
     * form passes `requirePassword`, the spec's /userUpdate cannot.
     */
    updateProfile: (
      memberId: number,
      input: { name: string; email: string; memberClass: MemberClass; currentPassword?: string | undefined },
      options: { requirePassword: boolean },
    ) => updateProfile(db, mail, settings, memberId, input, options),
    stopEmailChange: (token: string) => stopEmailChange(db, settings, token),
    cancelEmailChange: (memberId: number) => cancelEmailChange(db, memberId),
    /** The member's signed-in devices for /member, the viewer's own marked. */
    listSessions: (viewer: { memberId: number; sessionId: string }) =>
      listMemberSessions(db, viewer.memberId, viewer.sessionId),
    /** Ends one of the viewer's own sessions by its public id (never another member's). */
    endOwnSession: (viewer: { memberId: number; sessionId: string }, publicId: string) =>
      endMemberSession(db, viewer.memberId, publicId, viewer.sessionId),
    changePassword: (
      viewer: { memberId: number; sessionId: string },
      input: { currentPassword: string; password: string },
    ) => changePassword(db, settings, viewer, input),
    requestPasswordReset: (identifier: string) => requestPasswordReset(db, mail, settings, identifier),
    resetPassword: (token: string, password: string) => resetPassword(db, token, password),
    confirmEmail: (token: string) => confirmEmail(db, token),
    resendEmailConfirmation: (memberId: number) => resendEmailConfirmation(db, mail, settings, memberId),

    // ---- staff (admin area; each write audited in its transaction) ----
    listMembers: (query: Parameters<typeof listMembers>[1], sort?: Parameters<typeof listMembers>[2]) =>
      listMembers(db, query, sort),
    grantRole: (actor: StaffActor, memberId: number, role: Role) => grantRole(db, actor, memberId, role),
    revokeRole: (actor: StaffActor, memberId: number, role: Role) => revokeRole(db, actor, memberId, role),
    disableMember: (actor: StaffActor, memberId: number) => disableMember(db, actor, memberId),
    enableMember: (actor: StaffActor, memberId: number) => enableMember(db, actor, memberId),
    getMemberForStaff: (memberId: number) => getMemberForStaff(db, memberId),
    setMemberAccess: (actor: StaffActor, memberId: number, input: Parameters<typeof setMemberAccess>[3]) =>
      setMemberAccess(db, actor, memberId, input),
    createAdmin: (input: Parameters<typeof createAdmin>[2]) => createAdmin(db, settings, input),

    /** The hourly cleanup job's work. */
    deleteExpiredRows: () => deleteExpiredAccountRows(db, settings),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;
