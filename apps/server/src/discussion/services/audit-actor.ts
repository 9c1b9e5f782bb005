import type { AuditEntry } from '../../platform/audit/record-audit';
import { canModerate, type DiscussionActor } from '../discussion-actor';

/** Who a discussion change is recorded under: the staff member moderating, or the LINE identity. */
export function auditActor(actor: DiscussionActor, ownPost: boolean): AuditEntry['actor'] {
  if (!ownPost && actor.viewer && canModerate(actor)) {
    return { memberId: actor.viewer.memberId, account: actor.viewer.account };
  }
  return { memberId: null, label: `line:${actor.identity?.lineUserId ?? 'unknown'}` };
}
