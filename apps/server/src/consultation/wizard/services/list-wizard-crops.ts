import type { ConsultationCrop } from '@pest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { consultationCrops } from '../../schema';
import { toWizardCrop } from './to-wizard-items';

/** The crops of the wizard's menu: only those online, in menu order. */
export async function listWizardCrops(db: Executor): Promise<ConsultationCrop[]> {
  const rows = await db
    .select()
    .from(consultationCrops)
    .where(eq(consultationCrops.online, true))
    .orderBy(asc(consultationCrops.sortOrder), asc(consultationCrops.id));
  return rows.map(toWizardCrop);
}
