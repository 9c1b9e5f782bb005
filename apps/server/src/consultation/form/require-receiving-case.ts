import { consultationFormMessages, errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases } from '../schema';
import { tokenMatches } from './form-tokens';

/**
 * Refuses a photo for a case that does not exist, whose upload token does not match (403, one
 * answer for both: ids are sequential, tokens are the secret) or that no longer takes photos (409).
 * Checked before the photo is read (nothing stored for a refused upload), and again, with the case
 * row locked, when the photo is added.
 */
export async function requireReceivingCase(
  db: Executor,
  input: { caseId: number; token: string },
  options: { lock?: boolean } = {},
): Promise<void> {
  const query = db
    .select({ status: consultationCases.status, tokenHash: consultationCases.uploadTokenHash })
    .from(consultationCases)
    .where(eq(consultationCases.id, input.caseId));
  const [found] = options.lock ? await query.for('update') : await query;
  if (!found || !tokenMatches(input.token, found.tokenHash)) {
    throw new AppError(403, errorCodes.forbidden, consultationFormMessages.tokenInvalid);
  }
  if (found.status !== 'receiving') throw new AppError(409, errorCodes.conflict, consultationFormMessages.caseClosed);
}
