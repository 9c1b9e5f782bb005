import type { FeatureContext } from '../platform/feature/feature-manifest';
import type { Viewer } from '../platform/auth/viewer';
import type { z } from 'zod';
import type { discussionCommentInput, DiscussionQuestionInput } from '@pest/contracts';
import type { DiscussionActor } from './discussion-actor';
import { readDiscussionCookie } from './discussion-cookie';
import { sessionOf } from './discussion-session';
import { discussionSettings } from './identity/discussion-settings';
import { lineKeys, type LineKeys } from './identity/line-keys';
import { verifyLineIdToken } from './identity/verify-line-id-token';
import { checkUploadAllowance } from './services/check-upload-allowance';
import { createComment } from './services/create-comment';
import { createQuestion } from './services/create-question';
import { deleteComment } from './services/delete-comment';
import { deleteQuestion } from './services/delete-question';
import { endDiscussionSession, findMemberIdentity, findSessionIdentity } from './services/find-discussion-identity';
import { linkMemberIdentity, unlinkMemberIdentity } from './services/link-member-identity';
import { listComments } from './services/list-comments';
import { listQuestions } from './services/list-questions';
import { pushAnswer } from './services/push-answer';
import { recordUpload } from './services/record-upload';
import { startDiscussionSession } from './services/start-discussion-session';
import { listIdentities } from './moderation/list-identities';
import { listStaffComments } from './moderation/list-staff-comments';
import { listStaffQuestions } from './moderation/list-staff-questions';
import { setIdentityBlocked } from './moderation/set-identity-blocked';
import { setPostHidden } from './moderation/set-post-hidden';
import { createLineRightsServices } from './privacy/line-rights-services';

/** The discussion's services, bound once (`services.discussion.*`). */
export function createDiscussionServices(context: FeatureContext) {
  const { db, jobs, env } = context;
  const settings = discussionSettings(env);
  // Made on first use: the demo key pair is generated once per process.
  let keys: Promise<LineKeys> | null = null;
  const getKeys = () => (keys ??= lineKeys(settings));
  const verify = async (idToken: string) => {
    const profile = await verifyLineIdToken(idToken, { keys: (await getKeys()).keys, audience: settings.channelId });
    return { ...profile, demo: settings.mode === 'demo' };
  };
  /** The actor of a request: the discussion session's identity, else the signed-in member's linked one. */
  async function actorOf(sessionToken: string | null, viewer: Viewer | null): Promise<DiscussionActor> {
    const fromSession = sessionToken ? await findSessionIdentity(db, sessionToken) : null;
    const identity = fromSession ?? (viewer ? await findMemberIdentity(db, viewer.memberId) : null);
    return { identity, viewer };
  }
  return {
    settings,
    /** A LINE person's download and erasure (decision 0312). */
    privacy: createLineRightsServices(context),
    /** Verifies a LIFF ID token and starts the site's own session for its person. */
    async signIn(idToken: string) {
      const profile = await verify(idToken);
      const session = await startDiscussionSession(db, profile, settings.sessionMs);
      return { ...session, profile };
    },
    /** The local development identity provider (demo mode only): a signed ID token for a test person. */
    async issueDemoToken(name: string): Promise<string | null> {
      if (settings.mode !== 'demo') return null;
      const issue = (await getKeys()).issueDemoToken;
      return issue ? issue(name) : null;
    },
    actorOf,
    /** A page's view of the area: the session (mode, profile) and the actor its loader acts as. */
    async pageState(cookieHeader: string | null, viewer: Viewer | null) {
      const actor = await actorOf(readDiscussionCookie(cookieHeader), viewer);
      return { actor, session: sessionOf(settings, actor) };
    },
    endSession: (token: string) => endDiscussionSession(db, token),
    async linkMember(memberId: number, idToken: string) {
      const profile = await verify(idToken);
      await linkMemberIdentity(db, memberId, profile);
      return profile;
    },
    unlinkMember: (memberId: number) => unlinkMemberIdentity(db, memberId),
    memberIdentity: (memberId: number) => findMemberIdentity(db, memberId),
    listQuestions: (actor: DiscussionActor, options: Parameters<typeof listQuestions>[2]) =>
      listQuestions(db, actor, options),
    async getQuestion(actor: DiscussionActor, id: number) {
      const [question] = await listQuestions(db, actor, { id });
      return question ?? null;
    },
    createQuestion: (actor: DiscussionActor, body: DiscussionQuestionInput) => createQuestion(db, actor, body),
    deleteQuestion: (actor: DiscussionActor, id: number) => deleteQuestion(db, actor, id),
    listComments: (actor: DiscussionActor, questionId: number) => listComments(db, actor, questionId),
    createComment: (actor: DiscussionActor, body: z.input<typeof discussionCommentInput>) =>
      createComment({ db, jobs, pushEnabled: settings.messagingToken !== null }, actor, body),
    deleteComment: (actor: DiscussionActor, id: number) => deleteComment(db, actor, id),
    checkUploadAllowance: (identityId: number) => checkUploadAllowance(db, identityId),
    recordUpload: (identityId: number, storedFileId: string) => recordUpload(db, identityId, storedFileId),
    pushAnswer: (commentId: number) =>
      pushAnswer(
        db,
        { apiBaseUrl: settings.apiBaseUrl, messagingToken: settings.messagingToken, publicUrl: env.publicUrl },
        commentId,
      ),
    listStaffQuestions: (query: Parameters<typeof listStaffQuestions>[1]) => listStaffQuestions(db, query),
    listStaffComments: (query: Parameters<typeof listStaffComments>[1]) => listStaffComments(db, query),
    listIdentities: (query: Parameters<typeof listIdentities>[1]) => listIdentities(db, query),
    setPostHidden: (actor: Viewer, kind: 'question' | 'comment', id: number, hidden: boolean) =>
      setPostHidden(db, actor, kind, id, hidden),
    setIdentityBlocked: (actor: Viewer, id: number, blocked: boolean) => setIdentityBlocked(db, actor, id, blocked),
  };
}
export type DiscussionServices = ReturnType<typeof createDiscussionServices>;
