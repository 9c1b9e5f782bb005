import { listMemberNames, listMembersWithRole } from '../../accounts';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { addExpertCrop } from './add-expert-crop';
import { answerFollowUp } from './answer-follow-up';
import { assignCase } from './assign-case';
import { checkFollowUpToken } from './check-follow-up-token';
import { countWaitingCases } from './count-waiting-cases';
import { findCasePhoto } from './find-case-photo';
import { findLinkTargets } from './find-link-targets';
import { getDeskCase } from './get-desk-case';
import { listDeskCases } from './list-desk-cases';
import { listExpertCrops } from './list-expert-crops';
import { listFollowUpStats } from './list-follow-up-stats';
import { listMemberCases } from './list-member-cases';
import { removeExpertCrop } from './remove-expert-crop';
import { replyToCase } from './reply-to-case';
import { saveStaffNote } from './save-staff-note';
import { sendFollowUp } from './send-follow-up';
import { setCasePublished } from './set-case-published';

/**
 * The expert desk's services, bound once: `context.services.consultation.desk`. The
 * callers (desk routes, desk pages) check the viewer's staff role first; every write validates
 * with its contract, runs one transaction, is audited and invalidates what it changed.
 */
export function createDeskServices(context: FeatureContext) {
  const { db } = context;
  return {
    listCases: (query: Parameters<typeof listDeskCases>[1], viewer: Viewer) => listDeskCases(db, query, viewer),
    countWaitingCases: () => countWaitingCases(db),
    getCase: (caseId: number, viewer: Viewer | null) => getDeskCase(db, caseId, viewer),
    findCasePhoto: (caseId: number, photoId: number) => findCasePhoto(db, caseId, photoId),
    findLinkTargets: (query: Parameters<typeof findLinkTargets>[1]) => findLinkTargets(db, query),
    listExperts: () => listMembersWithRole(db, 'expert'),
    memberNames: (ids: number[]) => listMemberNames(db, ids),
    assignCase: (actor: Viewer, caseId: number, input: Parameters<typeof assignCase>[3]) =>
      assignCase(db, actor, caseId, input),
    replyToCase: (actor: Viewer, caseId: number, input: Parameters<typeof replyToCase>[3]) =>
      replyToCase(context, actor, caseId, input),
    setCasePublished: (actor: Viewer, caseId: number, input: Parameters<typeof setCasePublished>[3]) =>
      setCasePublished(context, actor, caseId, input),
    saveStaffNote: (actor: Viewer, caseId: number, input: Parameters<typeof saveStaffNote>[3]) =>
      saveStaffNote(db, actor, caseId, input),
    sendFollowUp: (caseId: number) => sendFollowUp(context, caseId),
    answerFollowUp: (input: Parameters<typeof answerFollowUp>[1]) => answerFollowUp(db, input),
    checkFollowUpToken: (token: string) => checkFollowUpToken(db, token),
    listFollowUpStats: (query: Parameters<typeof listFollowUpStats>[1]) => listFollowUpStats(db, query),
    listMemberCases: (memberId: number) => listMemberCases(db, memberId),
    listExpertCrops: (query: Parameters<typeof listExpertCrops>[1]) => listExpertCrops(db, query),
    addExpertCrop: (actor: Viewer, input: Parameters<typeof addExpertCrop>[2]) => addExpertCrop(db, actor, input),
    removeExpertCrop: (actor: Viewer, key: string) => removeExpertCrop(db, actor, key),
  };
}

export type DeskServices = ReturnType<typeof createDeskServices>;
