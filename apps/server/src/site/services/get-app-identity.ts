import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { AppError } from '../../platform/http/app-error';
import { systemSettings } from '../schema';

/** What the installed app is called and drawn from: the system settings' title, short name and logo. */
export interface AppIdentity {
  name: string;
  shortName: string;
  description: string;
  /** The admin's logo upload, or null for the default logo. */
  logo: { fileId: string; storageKey: string } | null;
}

/** The app's identity from the system settings (id 1); an empty short name is made from the title. */
export async function getAppIdentity(db: Executor): Promise<AppIdentity> {
  const [row] = await db
    .select({
      name: systemSettings.websiteTitle,
      shortName: systemSettings.appShortName,
      description: systemSettings.description,
      logoFileId: systemSettings.appLogoFileId,
      logoKey: storedFiles.storageKey,
    })
    .from(systemSettings)
    .leftJoin(storedFiles, eq(storedFiles.id, systemSettings.appLogoFileId))
    .where(eq(systemSettings.id, 1));
  if (!row) throw AppError.notFound('找不到系統設定');
  return {
    name: row.name,
    // Launchers show about 12 characters under an icon.
    shortName: row.shortName || [...row.name].slice(0, 12).join(''),
    description: row.description,
    logo: row.logoFileId && row.logoKey ? { fileId: row.logoFileId, storageKey: row.logoKey } : null,
  };
}
