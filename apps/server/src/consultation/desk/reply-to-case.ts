import { deskCaseWithdrawn, deskFollowUpDays, deskReplyInput, errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { findExistingRecords } from '../../records';
import { findExistingIpmSheets } from '../../reading-room';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { AppError } from '../../platform/http/app-error';
import { consultationCaseLinks, consultationCases } from '../schema';
import { hashCaseToken, newCaseToken } from '../case-token';
import { advisoryTag, auditedCaseState, caseTag, lockDeskCase } from './desk-case-state';
import { refreshCaseSearch } from '../advisory/services/refresh-case-search';
import { assertPublishConsent } from './set-case-published';
import { replyTextParagraphs, replyTextToHtml } from './reply-text-to-html';
import { caseSubscriptionIds } from '../push/case-push';

export const sendFollowUpJob = 'consultation.send-follow-up';

/** The asker's private page of their case (built by the consultation form; decision 0172). */
export function followLink(publicUrl: string, token: string): string {
  return new URL(`consultation/case?token=${encodeURIComponent(token)}`, publicUrl.replace(/\/?$/, '/')).href;
}

/**
 * Answers a case (audited): the reply in the desk's formatting subset, made into sanitised HTML,
 * the records and IPM sheets it points to (each must exist), and whether the case is public. The
 * asker gets the answer by mail with a private link of its own (the submission mail's link keeps
 * working, decision 0303); the first reply also schedules the
 * one-question follow-up eight days later. Sending exactly what is already stored is a no-op, so a
 * double click mails once.
 */
export async function replyToCase(
  deps: Pick<FeatureContext, 'db' | 'invalidation' | 'mail' | 'jobs' | 'env' | 'push'>,
  actor: Viewer,
  caseId: number,
  input: unknown,
): Promise<{ changed: boolean }> {
  const parsed = deskReplyInput.safeParse(input);
  if (!parsed.success)
    throw AppError.invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  const { reply, recordIds, ipmIds, publish } = parsed.data;
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockDeskCase(tx, caseId);
    // Withdrawn and kept only as the anonymised example: no one is left to mail (decision 0305).
    if (row.withdrawnAt !== null) throw new AppError(409, errorCodes.conflict, deskCaseWithdrawn);
    const before = await auditedCaseState(tx, row);
    const wantedLinks = [...new Set(recordIds)]
      .map((id) => `record:${id}`)
      .concat([...new Set(ipmIds)].map((id) => `ipm:${id}`));
    const same =
      row.replyText === reply &&
      before.published === publish &&
      [...wantedLinks].sort().join() === [...before.links].sort().join();
    if (same) return false;
    if (publish && row.publishedAt === null) assertPublishConsent(row);

    const records = await findExistingRecords(tx, recordIds);
    const missingRecord = recordIds.find((id) => !records.has(id));
    if (missingRecord !== undefined) throw AppError.badRequest(`找不到編號 ${missingRecord} 的病蟲害記錄`);
    const sheets = await findExistingIpmSheets(tx, ipmIds);
    const missingSheet = ipmIds.find((id) => !sheets.has(id));
    if (missingSheet !== undefined) throw AppError.badRequest(`找不到編號 ${missingSheet} 的 IPM 資料`);

    const token = newCaseToken();
    const now = new Date();
    const [after] = await tx
      .update(consultationCases)
      .set({
        status: 'answered',
        replyText: reply,
        replyHtml: sanitizeRichText(replyTextToHtml(reply)),
        repliedAt: now,
        repliedBy: actor.memberId,
        publishedAt: publish ? (row.publishedAt ?? now) : null,
        // The submission mail's link stays valid for the life of the case (decision 0303); this
        // mail's link is the second one, replaced by the next reply mail's.
        replyTokenHash: hashCaseToken(token),
        // Whoever answers an unassigned case takes it.
        assignedExpertId: row.assignedExpertId ?? actor.memberId,
        assignedAt: row.assignedAt ?? now,
        updatedAt: now,
      })
      .where(eq(consultationCases.id, caseId))
      .returning();
    await tx.delete(consultationCaseLinks).where(eq(consultationCaseLinks.caseId, caseId));
    const links = [
      ...[...records.keys()].map((id) => ({ caseId, kind: 'record' as const, targetId: id })),
      ...[...sheets.keys()].map((id) => ({ caseId, kind: 'ipm' as const, targetId: id })),
    ];
    if (links.length > 0) await tx.insert(consultationCaseLinks).values(links);
    await recordAudit(tx, {
      actor,
      action: 'consultation-case.reply',
      entity: 'consultation-case',
      entityId: caseId,
      before,
      after: await auditedCaseState(tx, after!),
    });

    const linkLines = [
      ...[...records].map(
        ([id, name]) => `${name}：${new URL(`search/bug/detail?id=${id}`, base(deps.env.publicUrl)).href}`,
      ),
      ...[...sheets].map(([id, title]) => `${title}：${new URL(`IPM/detail?id=${id}`, base(deps.env.publicUrl)).href}`),
    ];
    await deps.mail.queue(tx, {
      to: row.askerEmail,
      ...deps.mail.compose({
        subject: `您的諮詢已有專家回覆（案件編號 ${caseId}）`,
        greeting: `${row.askerName} 您好：`,
        paragraphs: [
          `您於作物病蟲害資訊網提出的「${row.cropName}」影像諮詢（案件編號 ${caseId}），專家回覆如下：`,
          ...replyTextParagraphs(reply),
          ...(linkLines.length > 0 ? [`參考資料：\n${linkLines.join('\n')}`] : []),
        ],
        action: { label: '查看我的諮詢案件', url: followLink(deps.env.publicUrl, token) },
        notes: [
          '此連結僅供您本人查看案件，請勿轉寄；您送出諮詢時收到的連結也一樣可以查看回覆，並可撤回及刪除這筆諮詢。',
        ],
      }),
    });
    // Those who asked to be told by push (decision 0401). The follow link's token is not in the
    // message (queued jobs are shown in /admin): the phone kept the link when it subscribed.
    await deps.push.notify(tx, await caseSubscriptionIds(tx, caseId), {
      title: '您的諮詢已有專家回覆',
      body: `「${row.cropName}」影像諮詢（案件編號 ${caseId}）已有專家回覆，點此查看。`,
      path: '/consultation/case',
      tag: `consultation-case-${caseId}`,
    });
    // The archive finds a case by its reply too (decision 0160).
    await refreshCaseSearch(tx, [caseId]);
    if (row.repliedAt === null) {
      await deps.jobs.enqueue(
        sendFollowUpJob,
        { caseId },
        { tx, startAfterSeconds: deskFollowUpDays * 86_400, singletonKey: `consultation-follow-up-${caseId}` },
      );
    }
    return true;
  });
  if (changed) await deps.invalidation.publish([advisoryTag, caseTag(caseId)]);
  return { changed };
}

function base(publicUrl: string): string {
  return publicUrl.replace(/\/?$/, '/');
}
