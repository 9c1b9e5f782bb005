import type { ConsultationCrop, ConsultationLevel, ConsultationOption } from '@pest/contracts';
import type { Executor } from '../../../platform/database/database';
import { AppError } from '../../../platform/http/app-error';
import { listWizardCrops } from './list-wizard-crops';
import { listWizardLevels } from './list-wizard-levels';
import { listWizardOptions } from './list-wizard-options';

export interface WizardStepInput {
  /** The crop (`id` of /consultation); null shows the crop choice. */
  cropId: number | null;
  /** The options chosen so far, level 1 first (`o` of the address). */
  chosen: readonly number[];
  /** The level shown (1-based); null means the one after the last choice. */
  level: number | null;
}

export interface WizardStep {
  crops: ConsultationCrop[];
  crop: ConsultationCrop | null;
  levels: ConsultationLevel[];
  /** The level shown; null without a crop, or when the crop has no levels yet. */
  level: ConsultationLevel | null;
  /** What was chosen on each level before the one shown. */
  trail: Array<{ level: ConsultationLevel; option: ConsultationOption }>;
  options: ConsultationOption[];
  /** The option already chosen on the level shown (after Previous), if any. */
  selectedId: number | null;
}

/**
 * One step of the diagnosis wizard as an address states it: the crop, the level shown
 * and the options chosen on the way, each checked against the tree — an address naming an option
 * of another branch or a level that does not follow the choices is refused, never half shown.
 */
export async function getWizardStep(db: Executor, input: WizardStepInput): Promise<WizardStep> {
  const crops = await listWizardCrops(db);
  const empty = { levels: [], level: null, trail: [], options: [], selectedId: null };
  if (input.cropId === null) return { crops, crop: null, ...empty };
  const crop = crops.find((candidate) => candidate.id === input.cropId);
  if (!crop) throw AppError.notFound('找不到這個諮詢作物');
  const levels = await listWizardLevels(db, crop.id);
  const position = input.level ?? input.chosen.length + 1;
  if (levels.length === 0) {
    if (position !== 1 || input.chosen.length > 0) throw AppError.notFound('找不到這個診斷步驟');
    return { crops, crop, ...empty };
  }
  const level = levels[position - 1];
  // The level shown follows the choices: right after them, or on the last choice (after Previous);
  // a final level has links, not a choice to keep.
  const followsChoices = input.chosen.length === position - 1 || (input.chosen.length === position && !level?.last);
  if (!level || !followsChoices) throw AppError.notFound('找不到這個診斷步驟');

  const trail: WizardStep['trail'] = [];
  let previousOptionId: number | null = null;
  for (const [index, stepLevel] of levels.slice(0, position - 1).entries()) {
    const options = await listWizardOptions(db, { levelId: stepLevel.id, previousOptionId });
    const option = options.find((candidate) => candidate.id === input.chosen[index]);
    if (!option) throw AppError.notFound('找不到這個診斷選項');
    trail.push({ level: stepLevel, option });
    previousOptionId = option.id;
  }
  const options = await listWizardOptions(db, { levelId: level.id, previousOptionId });
  const selected = input.chosen[position - 1];
  if (selected !== undefined && !options.some((option) => option.id === selected)) {
    throw AppError.notFound('找不到這個診斷選項');
  }
  return { crops, crop, levels, level, trail, options, selectedId: selected ?? null };
}
