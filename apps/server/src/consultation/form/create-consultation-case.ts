import type { advNewCall } from '@pest/contracts';
import { consultationFormMessages } from '@pest/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cropLookupNames } from '../../crops';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases, consultationCrops } from '../schema';
import { idempotencyKeyHash, secretHash, uploadTokenFor } from './form-tokens';
import { resolveTownship } from './taiwan-townships';

export type NewCaseInput = Omit<z.output<typeof advNewCall.body>, 'altcha'>;

/**
 * /advNew: records the farmer's data as a `receiving` case (invisible to staff and the public
 * until the closing call) and answers its id and upload token. The same key answers the same
 * case, also when two requests race (the unique index decides, the loser reads the winner's row).
 */
export async function createConsultationCase(
  db: Database,
  input: NewCaseInput,
  asker: { memberId: number | null },
): Promise<{ id: number; token: string }> {
  const place = resolveTownship(input.a1, input.city);
  if (!place) {
    throw AppError.invalid([
      input.city === undefined
        ? { path: 'city', message: consultationFormMessages.countyRequired }
        : { path: 'a1', message: consultationFormMessages.townshipUnknown },
    ]);
  }
  const keyHash = idempotencyKeyHash(input.key);
  const token = uploadTokenFor(input.key);
  // The wizard crop by any of its names (a farmer's 芒果 is the wizard's 檬果, decision 0360).
  const cropNames = await cropLookupNames(db, input.a2);
  const [crop] = await db
    .select({ id: consultationCrops.id })
    .from(consultationCrops)
    .where(inArray(consultationCrops.cname, [input.a2, ...cropNames]))
    .orderBy(sql`${consultationCrops.cname} = ${input.a2} desc`, consultationCrops.id)
    .limit(1);
  const [inserted] = await db
    .insert(consultationCases)
    .values({
      status: 'receiving',
      idempotencyKey: keyHash,
      uploadTokenHash: secretHash(token),
      memberId: asker.memberId,
      askerName: input.a3,
      askerEmail: input.a5,
      askerPhone: input.a4,
      countyId: place.county.County_ID,
      countyName: place.county.C_Name,
      townshipName: place.township,
      cropName: input.a2,
      cropId: crop?.id ?? null,
      description: input.a6,
      // Asked in step 1, unticked by default; an API client that sends nothing has not agreed.
      publishConsent: input.publishConsent === true ? 'asker' : 'none',
    })
    .onConflictDoNothing({ target: consultationCases.idempotencyKey })
    .returning({ id: consultationCases.id });
  if (inserted) return { id: inserted.id, token };
  const [existing] = await db
    .select({ id: consultationCases.id })
    .from(consultationCases)
    .where(eq(consultationCases.idempotencyKey, keyHash));
  if (!existing) throw new Error('consultation case neither inserted nor found for its key');
  return { id: existing.id, token };
}
