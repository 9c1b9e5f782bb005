import { hasRole, type Viewer } from '../platform/auth/viewer';
import type { DiscussionIdentity } from './services/find-discussion-identity';
import { discussionErrors } from './discussion-errors';

/**
 * Who asks the discussion area, as the server established it: the LINE identity of the
 * discussion session (or the one a signed-in member linked), and the member's staff roles.
 * Never a `lineid` from a request body.
 */
export interface DiscussionActor {
  identity: DiscussionIdentity | null;
  viewer: Viewer | null;
}

/** Experts and editors moderate: they may delete anyone's question or comment. */
export function canModerate(actor: DiscussionActor): boolean {
  return hasRole(actor.viewer, 'expert', 'editor');
}

/** Reading needs a LINE-verified identity; staff read to moderate. */
export function requireReader(actor: DiscussionActor): void {
  if (actor.identity) return;
  if (hasRole(actor.viewer, 'expert', 'editor', 'admin')) return;
  throw discussionErrors.signInNeeded();
}

/** Posting needs a LINE-verified identity that staff have not blocked. */
export function requirePoster(actor: DiscussionActor): DiscussionIdentity {
  if (!actor.identity) throw discussionErrors.signInNeeded();
  if (actor.identity.blockedAt) throw discussionErrors.blocked();
  return actor.identity;
}
