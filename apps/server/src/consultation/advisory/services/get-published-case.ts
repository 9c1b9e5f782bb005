import { advisoryNotFoundMessage, maskAskerName, type AdvisoryDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { sanitizeRichText } from '../../../platform/html/sanitize-rich-text';
import { AppError } from '../../../platform/http/app-error';
import { findExistingIpmSheets, findPublishedIpmSheetIds } from '../../../reading-room';
import { listRecordSummaries } from '../../../records';
import { consultationCaseLinks, consultationCases } from '../../schema';
import { byCaseId, cardColumns, firstPhotoThumbs, isPublic, toAdvisoryCard } from '../advisory-mappers';

/**
 * One published case: the name masked to its first character + OO, the
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
      .select({ kind: consultationCaseLinks.kind, targetId: consultationCaseLinks.targetId })
      .from(consultationCaseLinks)
      .where(eq(consultationCaseLinks.caseId, id)),
    firstPhotoThumbs(db, [id]),
  ]);
  const idsOf = (kind: string) =>
    links
      .filter((link) => link.kind === kind)
      .map((link) => link.targetId)
      .sort((a, b) => a - b);
  // Only what visitors may open: a draft record or sheet is left out rather than linked to a 404.
  const [linked, sheets, publishedSheets] = await Promise.all([
    listRecordSummaries(db, idsOf('record')),
    findExistingIpmSheets(db, idsOf('ipm')),
    findPublishedIpmSheetIds(db, idsOf('ipm')),
  ]);
  const reply = row.replyHtml !== null && row.replyHtml.trim() !== '' ? sanitizeRichText(row.replyHtml) : null;
  return {
    ...toAdvisoryCard(row, thumbs.get(id) ?? null),
    name: maskAskerName(row.askerName),
    target: linked.map((record) => record.CName).join('、'),
    links: [
      ...linked.map((record) => ({ kind: 'record' as const, id: record.id, title: record.CName })),
      ...idsOf('ipm').flatMap((sheetId) => {
        const title = sheets.get(sheetId);
        return title !== undefined && publishedSheets.has(sheetId)
          ? [{ kind: 'ipm' as const, id: sheetId, title }]
          : [];
      }),
    ],
    note: reply,
    repliedAt: reply === null ? null : (row.repliedAtValue?.toISOString() ?? null),
  };
}
