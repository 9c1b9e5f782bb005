import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { consultationCrops, consultationLevels, consultationOptions } from '../schema';

export type LevelRow = typeof consultationLevels.$inferSelect;

/**
 * A crop's levels in order, locked for the write, each with its number of options: the rules
 * that keep the tree whole (decision 0271) are decided on these.
 */
export async function lockCropLevels(tx: Executor, cropId: number) {
  const [crop] = await tx
    .select({ id: consultationCrops.id, cname: consultationCrops.cname })
    .from(consultationCrops)
    .where(eq(consultationCrops.id, cropId))
    .for('update');
  if (!crop) return null;
  const levels = await tx
    .select()
    .from(consultationLevels)
    .where(eq(consultationLevels.cropId, cropId))
    .orderBy(asc(consultationLevels.position))
    .for('update');
  const counts =
    levels.length === 0
      ? []
      : await tx
          .select({ levelId: consultationOptions.levelId, total: count() })
          .from(consultationOptions)
          .where(
            inArray(
              consultationOptions.levelId,
              levels.map((level) => level.id),
            ),
          )
          .groupBy(consultationOptions.levelId);
  const options = new Map(counts.map((row) => [row.levelId, row.total]));
  return {
    crop,
    levels: levels.map((level) => ({ ...level, options: options.get(level.id) ?? 0 })),
  };
}

/**
 * Gives the crop's levels the positions of this order, 1 first. Through negative numbers first,
 * since (crop, position) is unique and a row-by-row renumbering would meet its neighbour.
 */
export async function renumberLevels(tx: Executor, ordered: readonly Pick<LevelRow, 'id'>[]) {
  for (const [index, level] of ordered.entries()) {
    await tx
      .update(consultationLevels)
      .set({ position: -(index + 1) })
      .where(eq(consultationLevels.id, level.id));
  }
  for (const [index, level] of ordered.entries()) {
    await tx
      .update(consultationLevels)
      .set({ position: index + 1 })
      .where(eq(consultationLevels.id, level.id));
  }
}
