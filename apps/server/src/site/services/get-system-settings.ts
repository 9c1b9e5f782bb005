import type { SystemSettings } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { systemSettings } from '../schema';

/** System settings by id (the site uses id 1). */
export async function getSystemSettings(db: Executor, id = 1): Promise<SystemSettings> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, id));
  if (!row) throw AppError.notFound('找不到系統設定');
  return {
    id: row.id,
    website_title: row.websiteTitle,
    description: row.description,
    index_favicon: row.indexFavicon,
    keywords: row.keywords,
    g_tag: row.gTag,
    service_gmap: row.serviceGmap,
    feedback_url: row.feedbackUrl,
  };
}
