import type { systemSettingsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { systemSettings } from '../schema';

export type SystemSettingsAdminRow = z.input<typeof systemSettingsAdminContract.row>;

/** The settings as the admin shows and audits them (empty text where nothing is set). */
export function systemSettingsAdminRow(row: typeof systemSettings.$inferSelect): SystemSettingsAdminRow {
  return {
    id: row.id,
    website_title: row.websiteTitle,
    description: row.description,
    keywords: row.keywords,
    g_tag: row.gTag ?? '',
    service_gmap: row.serviceGmap ?? '',
    feedback_url: row.feedbackUrl ?? '',
    index_favicon: row.indexFavicon ?? '',
    institute_name: row.instituteName,
    privacy_contact_email: row.privacyContactEmail,
    privacy_contact_phone: row.privacyContactPhone,
    privacy_contact_address: row.privacyContactAddress,
    app_short_name: row.appShortName,
    app_logo_source: row.appLogoFileId ? '管理者上傳的標誌' : '預設標誌',
    updated_at: row.updatedAt.toISOString(),
  };
}
