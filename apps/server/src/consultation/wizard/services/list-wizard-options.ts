import type { ConsultationOption } from '@pest/contracts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { AppError } from '../../../platform/http/app-error';
import { findPublishedIpmSheetIds } from '../../../reading-room';
import { findPublishedRecordIds } from '../../../records';
import { consultationCrops, consultationLevels, consultationOptions } from '../../schema';
import { parseFinalOptionName, toWizardOption } from './to-wizard-items';

export interface ListWizardOptionsInput {
  levelId: number;
  /** The option chosen on the previous level; null on level 1. */
  previousOptionId: number | null;
}

/**
 * The option cards of a level under the option chosen one level up (Next loads the next
 * level's options with the current level's choice). A choice that is not an option of the level
 * above in the same crop is a 404, so a hand-made address never shows another branch's cards.
 * A final card whose record or IPM sheet is not published (back to draft since the card was made)
 * is left out: it would lead a farmer to a 404.
 */
export async function listWizardOptions(db: Executor, input: ListWizardOptionsInput): Promise<ConsultationOption[]> {
  const [level] = await db
    .select({ id: consultationLevels.id, cropId: consultationLevels.cropId, position: consultationLevels.position })
    .from(consultationLevels)
    .innerJoin(consultationCrops, eq(consultationCrops.id, consultationLevels.cropId))
    .where(and(eq(consultationLevels.id, input.levelId), eq(consultationCrops.online, true)));
  if (!level) throw AppError.notFound('找不到這個諮詢層級');

  if (level.position === 1 && input.previousOptionId !== null) {
    throw AppError.badRequest('第一層沒有上一層選項，a2 請傳 0 或空白');
  }
  if (level.position > 1) {
    if (input.previousOptionId === null) throw AppError.badRequest('請指定上一層選取的選項（a2）');
    const [previous] = await db
      .select({ id: consultationOptions.id })
      .from(consultationOptions)
      .innerJoin(consultationLevels, eq(consultationLevels.id, consultationOptions.levelId))
      .where(
        and(
          eq(consultationOptions.id, input.previousOptionId),
          eq(consultationLevels.cropId, level.cropId),
          eq(consultationLevels.position, level.position - 1),
        ),
      );
    if (!previous) throw AppError.notFound('找不到上一層的這個選項');
  }

  const [levels] = await db
    .select({ total: count() })
    .from(consultationLevels)
    .where(eq(consultationLevels.cropId, level.cropId));
  const onLastLevel = level.position === (levels?.total ?? 0);
  const rows = await db
    .select()
    .from(consultationOptions)
    .where(
      and(
        eq(consultationOptions.levelId, level.id),
        input.previousOptionId === null
          ? isNull(consultationOptions.parentOptionId)
          : eq(consultationOptions.parentOptionId, input.previousOptionId),
      ),
    )
    .orderBy(asc(consultationOptions.sortOrder), asc(consultationOptions.id));
  if (!onLastLevel) return rows.map((row) => toWizardOption(row, false));
  const targets = rows.map((row) => parseFinalOptionName(row.name));
  const idsOf = (kind: 'record' | 'ipm') => targets.flatMap((target) => (target?.kind === kind ? [target.id] : []));
  const [publishedRecords, publishedSheets] = await Promise.all([
    findPublishedRecordIds(db, idsOf('record')),
    findPublishedIpmSheetIds(db, idsOf('ipm')),
  ]);
  return rows.flatMap((row, index) => {
    const target = targets[index];
    const published = !target || (target.kind === 'ipm' ? publishedSheets : publishedRecords).has(target.id);
    return published ? [toWizardOption(row, true)] : [];
  });
}
