import type { WizardOptionCreate, WizardOptionUpdate } from '@pest/contracts';
import { and, count, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationLevels, consultationOptions } from '../schema';
import { optionNameFor } from './check-option-target';
import { readWizardOptionRow } from './wizard-option-rows';
import { replaceWizardPicture } from './wizard-picture';

export const wizardOptionNotFoundMessage = '找不到這個診斷選項';

type OptionInput = (WizardOptionCreate | WizardOptionUpdate) & {
  level_id?: number | undefined;
  team_authored?: boolean;
};
type OptionRow = typeof consultationOptions.$inferSelect;
type LevelRow = typeof consultationLevels.$inferSelect;

const invalid = (path: string, message: string) => AppError.invalid([{ path, message }]);

/** The spec `path` of an option under this parent: the ids chosen on the levels before it. */
export const childPath = (parent: Pick<OptionRow, 'id' | 'path'> | null): string =>
  parent === null ? '' : parent.path === '' ? `${parent.id}` : `${parent.path}/${parent.id}`;

async function levelOf(tx: Executor, levelId: number): Promise<(LevelRow & { count: number }) | null> {
  const [level] = await tx.select().from(consultationLevels).where(eq(consultationLevels.id, levelId));
  if (!level) return null;
  const [levels] = await tx
    .select({ total: count() })
    .from(consultationLevels)
    .where(eq(consultationLevels.cropId, level.cropId));
  return { ...level, count: levels?.total ?? 0 };
}

/**
 * Where an option goes: level 1 takes no parent; from level 2 on, the parent is an option of the
 * level just above in the same crop, and the option's level follows from it.
 */
async function placeOption(tx: Executor, levelId: number | undefined, parentId: number | undefined, moving: boolean) {
  if (parentId === undefined) {
    if (levelId === undefined) throw invalid('level_id', '請填寫層級編號（第一層的選項），或上一層選項編號');
    const level = await levelOf(tx, levelId);
    if (!level) throw invalid('level_id', '找不到這個診斷層級');
    if (level.position !== 1) {
      throw invalid('parent_option_id', `「${level.name}」是第 ${level.position} 層：請填寫上一層選項編號`);
    }
    return { level, parent: null };
  }
  const [parent] = await tx.select().from(consultationOptions).where(eq(consultationOptions.id, parentId));
  const parentLevel = parent ? await levelOf(tx, parent.levelId) : null;
  if (!parent || !parentLevel) throw invalid('parent_option_id', `找不到編號 ${parentId} 的診斷選項`);
  const [level] = await tx
    .select()
    .from(consultationLevels)
    .where(
      and(eq(consultationLevels.cropId, parentLevel.cropId), eq(consultationLevels.position, parentLevel.position + 1)),
    );
  if (!level) {
    throw invalid('parent_option_id', `「${parent.name}」在最後一層（連到病蟲害資料或 IPM 資料），之下不能再有選項`);
  }
  if (levelId !== undefined && levelId !== level.id) {
    throw invalid(
      moving ? 'parent_option_id' : 'level_id',
      `上一層選項「${parent.name}」在第 ${parentLevel.position} 層，此選項應在第 ${level.position} 層「${level.name}」（編號 ${level.id}）`,
    );
  }
  return { level: { ...level, count: parentLevel.count }, parent };
}

/** Rewrites the `path` of every option under this one, level by level, after it moved. */
async function repathChildren(tx: Executor, parent: Pick<OptionRow, 'id' | 'path'>) {
  const children = await tx
    .select({ id: consultationOptions.id })
    .from(consultationOptions)
    .where(eq(consultationOptions.parentOptionId, parent.id));
  const path = childPath(parent);
  for (const child of children) {
    await tx.update(consultationOptions).set({ path }).where(eq(consultationOptions.id, child.id));
    await repathChildren(tx, { id: child.id, path });
  }
}

/**
 * Adds an option card (`id` null) or changes one: its label, place under the level above, order,
 * picture (an upload through the pipeline) and, on the last level, the record or IPM sheet it
 * leads to. The spec's `name` and `path` are the service's to write; an option staff add is the
 * institute's (not team-authored, decision 0274). One transaction with its audit entry.
 */
export async function saveWizardOption(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: OptionInput,
): Promise<{ id: number; cropId: number }> {
  return db.transaction(async (tx) => {
    const [before] =
      id === null
        ? []
        : await tx.select().from(consultationOptions).where(eq(consultationOptions.id, id)).for('update');
    if (id !== null && !before) throw AppError.notFound(wizardOptionNotFoundMessage);
    const beforeRow = before ? await readWizardOptionRow(tx, before.id) : null;

    const { level, parent } = await placeOption(
      tx,
      before?.levelId ?? input.level_id,
      input.parent_option_id,
      before !== undefined,
    );
    if (before && parent && parent.id === before.id) throw invalid('parent_option_id', '選項不能放在自己之下');
    const name = await optionNameFor(tx, input, level.position === level.count);
    const path = childPath(parent);
    const picture = await replaceWizardPicture(tx, actor, before?.picture ?? '', input.picture);
    const values = {
      parentOptionId: parent?.id ?? null,
      name,
      path,
      picture,
      sortOrder: input.sort,
      teamAuthored: before ? (input.team_authored ?? false) : false,
    };
    const [after] = before
      ? await tx.update(consultationOptions).set(values).where(eq(consultationOptions.id, before.id)).returning()
      : await tx
          .insert(consultationOptions)
          .values({ levelId: level.id, ...values })
          .returning();
    if (!after) throw new Error('the wizard option was not written');
    if (before && before.path !== path) await repathChildren(tx, after);
    await recordAudit(tx, {
      actor,
      action: before ? 'consultation-option.update' : 'consultation-option.create',
      entity: 'consultation-option',
      entityId: after.id,
      ...(beforeRow ? { before: beforeRow } : {}),
      after: await readWizardOptionRow(tx, after.id),
    });
    return { id: after.id, cropId: level.cropId };
  });
}
