import { createHash } from 'node:crypto';
import type { AdminListQuery, SiteSection, SystemSettings, systemSettingsForm } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import { everyTag } from '../platform/cache/invalidation';
import { TaggedMemo } from '../platform/cache/tagged-memo';
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
import { getAppIdentity } from './services/get-app-identity';
import { appIconVersion, buildWebAppManifest } from './app-manifest/build-web-app-manifest';
import { defaultAppLogoSvg } from './app-manifest/default-app-logo';
import { makeAppIcon, type AppIconVariant } from './app-manifest/make-app-icon';

/** Accounts never confirmed nor used are erased this many days after registration. */
const unconfirmedAccountDays = 30;

/** The cache tag of the system settings (in every page's header, footer and policy). */
export const systemSettingsTag = 'site:settings';
/** Every section's banner slides (home and the section pages). */
export const carouselsTag = 'site:carousels';

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
  const slides = new TaggedMemo(invalidation);
  // Settings are read on every page and change rarely; writers call invalidateSystemSettings().
  let settings: Promise<SystemSettings> | null = null;
  let settingsVersion = 0;
  // The manifest and its icons follow the settings the same way; icons are made once per logo.
  let appManifest: Promise<{ body: string; etag: string; iconVersion: string; logoKey: string | null }> | null = null;
  let appManifestVersion = 0;
  const appIcons = new Map<string, Promise<Buffer>>();
  const readAppManifest = () => {
    if (appManifest && invalidation.isStale([systemSettingsTag], appManifestVersion)) appManifest = null;
    if (!appManifest) {
      appManifestVersion = invalidation.now();
      appManifest = getAppIdentity(db).then(
        (identity) => {
          const body = JSON.stringify(buildWebAppManifest(identity, env.BASE_PATH));
          const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
          return { body, etag, iconVersion: appIconVersion(identity), logoKey: identity.logo?.storageKey ?? null };
        },
        (error: unknown) => {
          appManifest = null;
          throw error;
        },
      );
    }
    return appManifest;
  };
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
    /** The web app manifest as JSON text with its ETag (decision 0385). */
    getAppManifest: readAppManifest,
    /** One of the app's icons, when `version` is the current logo's; null for any other (an old address). */
    getAppIcon: async (version: string, variant: AppIconVariant): Promise<Buffer | null> => {
      const { iconVersion, logoKey } = await readAppManifest();
      if (version !== iconVersion) return null;
      const key = `${version}/${variant}`;
      let icon = appIcons.get(key);
      if (!icon) {
        if (appIcons.size >= 6) appIcons.clear();
        icon = (async () => {
          if (!logoKey) return makeAppIcon(Buffer.from(defaultAppLogoSvg), variant);
          const chunks: Buffer[] = [];
          for await (const chunk of storage.read(logoKey) as AsyncIterable<Buffer>) chunks.push(chunk);
          return makeAppIcon(Buffer.concat(chunks), variant);
        })();
        icon.catch(() => appIcons.delete(key));
        appIcons.set(key, icon);
      }
      return icon;
    },
    /** After a settings write: every page shows them, so every cached page is stale, in every process. */
    invalidateSystemSettings,
    listSystemSettings: (id?: number) => listSystemSettings(db, id),
    updateSystemSettings: async (actor: Viewer, id: number, input: z.output<typeof systemSettingsForm>) => {
      await updateSystemSettings(db, storage, actor, id, input);
      await invalidateSystemSettings();
      await removeLetGoCopies();
    },
    listCarouselsForAdmin: (query: AdminListQuery<{ position?: SiteSection | undefined }>) =>
      listCarouselsForAdmin(db, query),
    getCarouselForAdmin: (id: number) => getCarouselForAdmin(db, id),
    saveCarousel: async (actor: Viewer, id: number | null, input: Parameters<typeof saveCarousel>[4]) => {
      const saved = await saveCarousel(db, storage, actor, id, input);
      await invalidation.publish([carouselsTag]);
      await removeLetGoCopies();
      return saved;
    },
    deleteCarousel: async (actor: Viewer, id: number) => {
      await deleteCarousel(db, actor, id);
      await invalidation.publish([carouselsTag]);
      await removeLetGoCopies();
    },
    getSystemSettingsById: (id: number) => getSystemSettings(db, id),
    /** What /privacy states for this deployment: the institute, its contact and the retention periods. */
    getPrivacyPolicyFacts: () =>
      getPrivacyPolicyFacts(db, env, {
        consultationMonths: env.CONSULTATION_RETENTION_MONTHS,
        unconfirmedAccountDays: unconfirmedAccountDays,
      }),
    /** A section's banner slides, kept until a slide is saved or deleted (decision 0411). */
    listCarousels: (position: SiteSection = 'index') =>
      slides.get(
        position,
        () => listCarousels(db, position),
        () => [carouselsTag],
      ),
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
