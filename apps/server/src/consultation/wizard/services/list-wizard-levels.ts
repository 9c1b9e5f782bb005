import type { ConsultationLevel } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { AppError } from '../../../platform/http/app-error';
import { consultationCrops, consultationLevels } from '../../schema';
import { toWizardLevel } from './to-wizard-items';

/** An online crop's levels, first level first; an unknown or offline crop is a 404. */
export async function listWizardLevels(db: Executor, cropId: number): Promise<ConsultationLevel[]> {
  const [crop] = await db
    .select({ id: consultationCrops.id })
    .from(consultationCrops)
    .where(and(eq(consultationCrops.id, cropId), eq(consultationCrops.online, true)));
  if (!crop) throw AppError.notFound('找不到這個諮詢作物');
  const rows = await db
    .select()
    .from(consultationLevels)
    .where(eq(consultationLevels.cropId, cropId))
    .orderBy(asc(consultationLevels.position));
  return rows.map((row) => toWizardLevel(row, rows.length));
}
