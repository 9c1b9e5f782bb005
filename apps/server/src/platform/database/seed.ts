import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../storage/file-storage';
import type { Executor, Database } from './database';
import { seedRuns } from './seed-runs.schema';

export interface SeedSet {
  /** Stable name recorded in seed_runs; never rename a seed set that has shipped. */
  name: string;
  run(context: { db: Executor; storage: FileStorage }): Promise<void>;
}

/**
 * Applies each demo-content seed set that has not been applied yet, each in one transaction,
 * so a seed is applied once and a later start never overwrites or re-adds rows.
 */
export async function applySeeds(
  db: Database,
  storage: FileStorage,
  seeds: SeedSet[],
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<string[]> {
  const applied: string[] = [];
  for (const seed of seeds) {
    const ran = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(seedRuns)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (inserted.length === 0) return false;
      await seed.run({ db: tx, storage });
      return true;
    });
    if (ran) {
      applied.push(seed.name);
      log.info({ seed: seed.name }, 'applied demo content');
    }
  }
  return applied;
}
