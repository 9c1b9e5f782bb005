import type { SiteSection, SystemSettings } from '@pest/contracts';
import { everyTag } from '../platform/cache/invalidation';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { getSystemSettings } from './services/get-system-settings';
import { listCarousels } from './services/list-carousels';

/** The cache tag of the system settings (in every page's header, footer and policy). */
export const systemSettingsTag = 'site:settings';

/** The site shell's service functions, bound once to the app's database (feature manifest). */
export function createSiteServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // Settings are read on every page and change rarely; writers call invalidateSystemSettings().
  let settings: Promise<SystemSettings> | null = null;
  let settingsVersion = 0;
  return {
    getSystemSettings: () => {
      if (settings && invalidation.isStale([systemSettingsTag], settingsVersion)) settings = null;
      if (!settings) {
        settingsVersion = invalidation.now();
        settings = getSystemSettings(db).catch((error: unknown) => {
          settings = null;
          throw error;
        });
      }
      return settings;
    },
    /** After a settings write: every page shows them, so every cached page is stale, in every process. */
    invalidateSystemSettings: async () => {
      settings = null;
      await invalidation.publish([everyTag]);
    },
    getSystemSettingsById: (id: number) => getSystemSettings(db, id),
    /** A section's banner slides (spec §1: the carousel position is the section). */
    listCarousels: (position: SiteSection = 'index') => listCarousels(db, position),
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
