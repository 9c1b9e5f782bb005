import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { findPublishedIpmSheetIds } from '../../reading-room';
import { findPublishedRecordIds } from '../../records';
import { consultationLevels, consultationOptions } from '../schema';
import { parseFinalOptionName } from '../wizard/services/to-wizard-items';

export interface WizardTreePages {
  /** Every step's address as the wizard's links and GET form ask for it (wizard-links.ts). */
  steps: string[];
  /** Each final card's record page with the step it was chosen on (`wizard`, decision 0371). */
  finalRecords: Array<{ id: number; wizard: string }>;
  /** IPM sheets the final cards lead to. */
  finalSheets: number[];
  /**
   * The cards' pictures (no base path) as the step pages load them: the stored `_mod` variant, which
   * the cards' srcset picks at phone width (decision 0424); a final card's only when it is shown.
   */
  pictures: string[];
  /** What the tree shows (levels, options, pictures): a change of it changes the pack's version. */
  fingerprint: string;
}

/** `/consultation?id=…&level=…&o=…`, built exactly as the web app's `wizardHref`. */
function stepQuery(cropId: number, chosen: readonly number[], level?: number): string {
  const params = new URLSearchParams({ id: String(cropId) });
  if (level !== undefined) params.set('level', String(level));
  for (const option of chosen) params.append('o', String(option));
  return params.toString();
}

type OptionRow = typeof consultationOptions.$inferSelect;

/**
 * The pages of one wizard crop's whole tree (decision 0390): each level's step as Next reaches it,
 * the same step with its choice kept (Previous and the progress links), and the final cards'
 * targets, leaving out those not published, as the wizard does.
 */
export async function listWizardTreePages(db: Executor, cropId: number): Promise<WizardTreePages> {
  const levels = await db
    .select()
    .from(consultationLevels)
    .where(eq(consultationLevels.cropId, cropId))
    .orderBy(asc(consultationLevels.position));
  const options =
    levels.length === 0
      ? []
      : await db
          .select()
          .from(consultationOptions)
          .where(
            inArray(
              consultationOptions.levelId,
              levels.map((level) => level.id),
            ),
          )
          .orderBy(asc(consultationOptions.sortOrder), asc(consultationOptions.id));
  const steps = new Set<string>([`/consultation?${stepQuery(cropId, [])}`]);
  const finals: Array<{ target: { kind: 'record' | 'ipm'; id: number }; step: string; picture: string }> = [];
  const pictures = new Set<string>();
  const childrenOf = (levelId: number, parent: number | null) =>
    options.filter((option) => option.levelId === levelId && option.parentOptionId === parent);

  const walk = (position: number, trail: number[], parent: number | null) => {
    const level = levels[position - 1];
    if (!level) return;
    const here = stepQuery(cropId, trail, position);
    if (position > 1) steps.add(`/consultation?${here}`);
    const children: OptionRow[] = childrenOf(level.id, parent);
    if (position === levels.length) {
      if (position === 1) steps.add(`/consultation?${here}`);
      for (const option of children) {
        const target = parseFinalOptionName(option.name);
        if (target) finals.push({ target, step: here, picture: option.picture });
      }
      return;
    }
    for (const option of children) {
      if (option.picture) pictures.add(option.picture);
      steps.add(`/consultation?${stepQuery(cropId, [...trail, option.id], position)}`);
      walk(position + 1, [...trail, option.id], option.id);
    }
  };
  walk(1, [], null);

  const [records, sheets] = await Promise.all([
    findPublishedRecordIds(
      db,
      finals.flatMap(({ target }) => (target.kind === 'record' ? [target.id] : [])),
    ),
    findPublishedIpmSheetIds(
      db,
      finals.flatMap(({ target }) => (target.kind === 'ipm' ? [target.id] : [])),
    ),
  ]);
  const shown = finals.filter(({ target }) => (target.kind === 'record' ? records : sheets).has(target.id));
  for (const { picture } of shown) if (picture) pictures.add(picture);
  return {
    steps: [...steps],
    pictures: [...pictures].filter((picture) => !/^(https?:)?\/\//.test(picture)).map((picture) => `/${picture}`),
    finalRecords: shown.flatMap(({ target, step }) =>
      target.kind === 'record' ? [{ id: target.id, wizard: step }] : [],
    ),
    finalSheets: [...new Set(shown.flatMap(({ target }) => (target.kind === 'ipm' ? [target.id] : [])))],
    fingerprint: JSON.stringify([
      levels.map((level) => [level.id, level.name]),
      options.map((option) => [option.id, option.name, option.picture, option.teamAuthored]),
    ]),
  };
}
