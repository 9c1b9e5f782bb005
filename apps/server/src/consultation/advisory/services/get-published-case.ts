import { advisoryNotFoundMessage, maskAskerName, type AdvisoryDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { sanitizeRichText } from '../../../platform/html/sanitize-rich-text';
import { AppError } from '../../../platform/http/app-error';
import { listRecordSummaries } from '../../../records';
import { consultationCaseLinks, consultationCases } from '../../schema';
import { byCaseId, cardColumns, firstPhotoThumbs, isPublic, toAdvisoryCard } from '../advisory-mappers';

/**
 * One published case (spec §2 Advisory detail): the name masked to its first character + OO, the
 * reply sanitised again on the way out. E-mail and phone are not even read. Unpublished, still
 * receiving or unknown: the same 404, so the archive does not tell which cases exist.
 */
export async function getPublishedCase(db: Executor, id: number): Promise<AdvisoryDetail> {
  const [row] = await db
    .select({ ...cardColumns, askerName: consultationCases.askerName, repliedAtValue: consultationCases.repliedAt })
    .from(consultationCases)
    .where(and(byCaseId(id), isPublic));
  if (!row) throw AppError.notFound(advisoryNotFoundMessage);
  const [links, thumbs] = await Promise.all([
    db
      .select({ targetId: consultationCaseLinks.targetId })
      .from(consultationCaseLinks)
      .where(and(eq(consultationCaseLinks.caseId, id), eq(consultationCaseLinks.kind, 'record'))),
    firstPhotoThumbs(db, [id]),
  ]);
  const linked = await listRecordSummaries(
    db,
    links.map((link) => link.targetId).sort((a, b) => a - b),
  );
  const reply = row.replyHtml !== null && row.replyHtml.trim() !== '' ? sanitizeRichText(row.replyHtml) : null;
  return {
    ...toAdvisoryCard(row, thumbs.get(id) ?? null),
    name: maskAskerName(row.askerName),
    target: linked.map((record) => record.CName).join('、'),
    note: reply,
    repliedAt: reply === null ? null : (row.repliedAtValue?.toISOString() ?? null),
  };
}
