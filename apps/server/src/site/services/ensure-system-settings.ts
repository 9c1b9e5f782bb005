import type { Executor } from '../../platform/database/database';
import { systemSettings } from '../schema';

/** The site's name before an admin sets the settings (the demo content fills in the rest). */
export const defaultWebsiteTitle = '作物病蟲害資訊網';

/**
 * Creates the settings row (id 1) with its defaults when there is none: every page reads it, and
 * a production database started with SEED_DEMO_CONTENT=false has no demo seed to make it.
 * Returns whether it was created. Safe for servers starting together (ON CONFLICT).
 */
export async function ensureSystemSettings(db: Executor): Promise<boolean> {
  const created = await db
    .insert(systemSettings)
    .values({ id: 1, websiteTitle: defaultWebsiteTitle })
    .onConflictDoNothing()
    .returning({ id: systemSettings.id });
  return created.length > 0;
}
