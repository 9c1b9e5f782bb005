import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { PersonalData } from '../../platform/personal-data/personal-data';
import { members } from '../schema';

/**
 * A member asks for a copy of everything the site holds about them (decision 0308):
 * queued as a background job, the link mailed to the account's address when the ZIP is ready. One
 * request a day (429 past it). The link also needs the member signed in, so a mailbox alone opens nothing.
 */
export async function requestOwnExport(
  db: Executor,
  personalData: PersonalData,
  memberId: number,
  linkPath: string,
): Promise<void> {
  const [member] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  if (!member) throw AppError.notFound('找不到此會員');
  await personalData.requestExport({ kind: 'member', id: memberId }, { email: member.email, linkPath });
}
