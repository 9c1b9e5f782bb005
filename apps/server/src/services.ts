import type { SystemSettings } from '@pest/contracts';
import type { Database } from './platform/database/database';
import type { FileStorage } from './platform/storage/file-storage';
import { getSystemSettings } from './site/services/get-system-settings';
import { listCarousels } from './site/services/list-carousels';

/**
 * The service functions page loaders may call, bound to this process's database and storage.
 * Loaders receive this object through the React Router load context; the API routes call the
 * same functions, so a page and its API never disagree.
 */
export function createServices({ db, storage }: { db: Database; storage: FileStorage }) {
  // Settings are read on every page and change rarely; writers call invalidateSystemSettings().
  let settings: Promise<SystemSettings> | null = null;
  return {
    site: {
      getSystemSettings: () => {
        settings ??= getSystemSettings(db).catch((error: unknown) => {
          settings = null;
          throw error;
        });
        return settings;
      },
      invalidateSystemSettings: () => {
        settings = null;
      },
      listCarousels: () => listCarousels(db),
    },
  };
}

export type AppServices = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** What the server hands to every React Router loader and action. */
export interface RequestContext {
  nonce: string;
  services: AppServices;
  config: {
    basePath: string;
    feedbackFormUrl: string;
    /** Absolute origin (and base path) for canonical and Open Graph URLs. */
    publicUrl: string;
  };
}
