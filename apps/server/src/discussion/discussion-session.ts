import type { DiscussionSession } from '@pest/contracts';
import { hasRole } from '../platform/auth/viewer';
import type { DiscussionActor } from './discussion-actor';
import type { DiscussionSettings } from './identity/discussion-settings';

/** What the pages and the session call tell the browser: the mode, the LIFF app and who is signed in. */
export function sessionOf(settings: DiscussionSettings, actor: DiscussionActor): DiscussionSession {
  const { identity } = actor;
  return {
    mode: settings.mode,
    liffId: settings.liffId,
    profile: identity
      ? {
          userId: identity.lineUserId,
          displayName: identity.displayName,
          pictureUrl: identity.pictureUrl,
          demo: identity.demo,
        }
      : null,
    staff: hasRole(actor.viewer, 'expert', 'editor', 'admin'),
  };
}
