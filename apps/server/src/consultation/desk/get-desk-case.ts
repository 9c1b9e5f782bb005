import type { DeskCase, FollowUpAnswer, SafeHtml } from '@pest/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { listMemberNames } from '../../accounts';
import { recordAudit } from '../../platform/audit/record-audit';
import { hasRole, type Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { findExistingRecords } from '../../records';
import { findExistingIpmSheets } from '../../reading-room';
import { consultationCaseLinks, consultationCasePhotos, consultationCases } from '../schema';
import { isOverdue, type CaseRow } from './desk-case-state';

/** The audit action of a staff view of an asker's contact. */
export const viewPersonalDataAction = 'consultation-case.view-personal-data';

/**
 * Need-to-know (decision 0304): the asker's name, e-mail, phone and member id go to the case's
 * assigned expert and to admins; editors and other experts work on the case without them.
 */
export function maySeeAskerContact(viewer: Viewer | null, row: Pick<CaseRow, 'assignedExpertId'>): boolean {
  if (!viewer) return false;
  return hasRole(viewer, 'admin') || (row.assignedExpertId !== null && row.assignedExpertId === viewer.memberId);
}

/**
 * A case as staff see it on the desk; null when there is no such case for staff. The asker's
 * contact only for `viewer` when `maySeeAskerContact`, and then the view is written to the audit
 * log (who, when, which case). `viewer` null: no contact, nothing recorded (the generic resource).
 */
export async function getDeskCase(db: Database, caseId: number, viewer: Viewer | null): Promise<DeskCase | null> {
  const [row] = await db
    .select()
    .from(consultationCases)
    .where(and(eq(consultationCases.id, caseId), inArray(consultationCases.status, ['submitted', 'answered'])));
  if (!row) return null;
  const photos = await db
    .select({
      id: consultationCasePhotos.id,
      group: consultationCasePhotos.photoGroup,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(consultationCasePhotos)
    .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
    .where(eq(consultationCasePhotos.caseId, caseId))
    .orderBy(consultationCasePhotos.photoGroup, consultationCasePhotos.id);
  const links = await db.select().from(consultationCaseLinks).where(eq(consultationCaseLinks.caseId, caseId));
  const recordIds = links.filter((link) => link.kind === 'record').map((link) => link.targetId);
  const ipmIds = links.filter((link) => link.kind === 'ipm').map((link) => link.targetId);
  const [records, sheets, names] = await Promise.all([
    findExistingRecords(db, recordIds),
    findExistingIpmSheets(db, ipmIds),
    listMemberNames(
      db,
      [row.assignedExpertId, row.repliedBy].filter((id): id is number => id !== null),
    ),
  ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const contact = row.withdrawnAt === null && maySeeAskerContact(viewer, row);
  if (contact && viewer) {
    await recordAudit(db, {
      actor: viewer,
      action: viewPersonalDataAction,
      entity: 'consultation-case',
      entityId: caseId,
      after: { fields: ['asker_name', 'asker_email', 'asker_phone', 'member_id'] },
    });
  }
  return {
    id: row.id,
    status: row.status as DeskCase['status'],
    overdue: isOverdue(row),
    contact_visible: contact,
    asker_name: contact ? row.askerName : null,
    asker_email: contact ? row.askerEmail : null,
    asker_phone: contact ? row.askerPhone : null,
    member_id: contact ? row.memberId : null,
    publish_consent: row.publishConsent,
    can_publish: row.publishConsent === 'asker',
    withdrawn_at: iso(row.withdrawnAt),
    county_name: row.countyName,
    township_name: row.townshipName,
    crop_name: row.cropName,
    crop_id: row.cropId,
    description: row.description,
    submitted_at: (row.submittedAt ?? row.createdAt).toISOString(),
    assigned_expert_id: row.assignedExpertId,
    assigned_expert: row.assignedExpertId === null ? null : (names.get(row.assignedExpertId) ?? null),
    reply_text: row.replyText ?? '',
    // Stored only after sanitizeRichText (reply-to-case).
    reply_html: (row.replyHtml as SafeHtml | null) ?? null,
    replied_at: iso(row.repliedAt),
    replied_by: row.repliedBy === null ? null : (names.get(row.repliedBy) ?? null),
    published_at: iso(row.publishedAt),
    staff_note: row.staffNote,
    follow_up_sent_at: iso(row.followUpSentAt),
    follow_up_answer: (row.followUpAnswer as FollowUpAnswer | null) ?? null,
    photos: photos.map((photo) => ({
      ...photo,
      url: `/api/v1/admin/consultation/cases/${caseId}/photos/${photo.id}`,
    })),
    links: [
      ...recordIds.map((id) => ({ kind: 'record' as const, id, title: records.get(id) ?? `記錄 ${id}` })),
      ...ipmIds.map((id) => ({ kind: 'ipm' as const, id, title: sheets.get(id) ?? `IPM ${id}` })),
    ],
  };
}
