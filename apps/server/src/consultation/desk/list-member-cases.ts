import type { MemberCase, SafeHtml } from '@pest/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCases } from '../schema';

/** A signed-in member's own cases for /member: status and reply, newest first (the id comes from the session). */
export async function listMemberCases(db: Database, memberId: number): Promise<MemberCase[]> {
  const rows = await db
    .select()
    .from(consultationCases)
    .where(and(eq(consultationCases.memberId, memberId), inArray(consultationCases.status, ['submitted', 'answered'])))
    .orderBy(desc(consultationCases.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    crop_name: row.cropName,
    description: row.description,
    status: row.status as MemberCase['status'],
    submitted_at: (row.submittedAt ?? row.createdAt).toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
    reply_html: (row.replyHtml as SafeHtml | null) ?? null,
    published: row.publishedAt !== null,
  }));
}
