import type { AdminListQuery, SiteSection, SystemSettings, systemSettingsForm } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import { everyTag } from '../platform/cache/invalidation';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { publicCopyRemover } from '../platform/uploads/public-copies';
import { deleteCarousel } from './admin/delete-carousel';
import { getCarouselForAdmin, listCarouselsForAdmin } from './admin/list-carousels-for-admin';
import { listSystemSettings } from './admin/list-system-settings';
import { sitePictureCopies } from './admin/site-picture-copies';
import { saveCarousel } from './admin/save-carousel';
import { updateSystemSettings } from './admin/update-system-settings';
import { getPrivacyPolicyFacts } from './services/get-privacy-policy-facts';
import { getSystemSettings } from './services/get-system-settings';
import { listCarousels } from './services/list-carousels';

/** Accounts never confirmed nor used are erased this many days after registration (issue 25 §3). */
const unconfirmedAccountDays = 30;

/** The cache tag of the system settings (in every page's header, footer and policy). */
export const systemSettingsTag = 'site:settings';

/** The site shell's service functions, bound once to the app's database (feature manifest). */
export function createSiteServices({
  db,
  storage,
  invalidation,
  log,
  env,
}: Pick<FeatureContext, 'db' | 'storage' | 'invalidation' | 'log' | 'env'>) {
  // After a write that may let go of a picture, its public copy goes at once (decision 0282).
  const removeLetGoCopies = publicCopyRemover({ db, storage, log }, sitePictureCopies);
  // Settings are read on every page and change rarely; writers call invalidateSystemSettings().
  let settings: Promise<SystemSettings> | null = null;
  let settingsVersion = 0;
  const invalidateSystemSettings = async () => {
    settings = null;
    await invalidation.publish([everyTag]);
  };
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
    invalidateSystemSettings,
    listSystemSettings: (id?: number) => listSystemSettings(db, id),
    updateSystemSettings: async (actor: Viewer, id: number, input: z.output<typeof systemSettingsForm>) => {
      await updateSystemSettings(db, storage, actor, id, input);
      await invalidateSystemSettings();
      await removeLetGoCopies();
    },
    // Slides are read on pages the page cache does not keep (home and the section pages): nothing to invalidate.
    listCarouselsForAdmin: (query: AdminListQuery<{ position?: SiteSection | undefined }>) =>
      listCarouselsForAdmin(db, query),
    getCarouselForAdmin: (id: number) => getCarouselForAdmin(db, id),
    saveCarousel: async (actor: Viewer, id: number | null, input: Parameters<typeof saveCarousel>[4]) => {
      const saved = await saveCarousel(db, storage, actor, id, input);
      await removeLetGoCopies();
      return saved;
    },
    deleteCarousel: async (actor: Viewer, id: number) => {
      await deleteCarousel(db, actor, id);
      await removeLetGoCopies();
    },
    getSystemSettingsById: (id: number) => getSystemSettings(db, id),
    /** What /privacy states for this deployment: the institute, its contact and the retention periods. */
    getPrivacyPolicyFacts: () =>
      getPrivacyPolicyFacts(db, env, {
        consultationMonths: env.CONSULTATION_RETENTION_MONTHS,
        unconfirmedAccountDays: unconfirmedAccountDays,
      }),
    /** A section's banner slides (spec §1: the carousel position is the section). */
    listCarousels: (position: SiteSection = 'index') => listCarousels(db, position),
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
