import { siteUploadPurposes, type systemSettingsForm } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { systemSettings } from '../schema';
import { makeFavicon } from './make-favicon';
import { systemSettingsAdminRow } from './system-settings-row';

/**
 * Changes the system settings (one transaction, audited with before and after). A new favicon is
 * made from the admin's upload, and the app's icons from its logo (decision 0385); what they replace
 * goes back to the cleanup. The caller then
 * marks every cached page stale: the title, description and favicon are on each of them.
 */
export async function updateSystemSettings(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  id: number,
  input: z.output<typeof systemSettingsForm>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(systemSettings).where(eq(systemSettings.id, id)).for('update');
    if (!before) throw AppError.notFound('找不到系統設定');
    let favicon: { name: string; fileId: string } | null = null;
    if (input.favicon) {
      const file = await attachStoredFile(tx, input.favicon, {
        owner: staffUploader(actor),
        purpose: siteUploadPurposes.favicon,
      });
      favicon = { name: await makeFavicon(tx, storage, file), fileId: file.id };
      if (before.faviconFileId && before.faviconFileId !== file.id) await detachFiles(tx, [before.faviconFileId]);
    }
    let appLogoFileId: string | null = null;
    if (input.app_logo) {
      const file = await attachStoredFile(tx, input.app_logo, {
        owner: staffUploader(actor),
        purpose: siteUploadPurposes.appLogo,
      });
      appLogoFileId = file.id;
      if (before.appLogoFileId && before.appLogoFileId !== file.id) await detachFiles(tx, [before.appLogoFileId]);
    }
    const [after] = await tx
      .update(systemSettings)
      .set({
        websiteTitle: input.website_title,
        description: input.description,
        keywords: input.keywords,
        gTag: input.g_tag || null,
        serviceGmap: input.service_gmap || null,
        feedbackUrl: input.feedback_url || null,
        instituteName: input.institute_name,
        privacyContactEmail: input.privacy_contact_email,
        privacyContactPhone: input.privacy_contact_phone,
        privacyContactAddress: input.privacy_contact_address,
        appShortName: input.app_short_name,
        ...(favicon ? { indexFavicon: favicon.name, faviconFileId: favicon.fileId } : {}),
        ...(appLogoFileId ? { appLogoFileId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(systemSettings.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'system-settings.update',
      entity: 'system-settings',
      entityId: id,
      before: systemSettingsAdminRow(before),
      after: systemSettingsAdminRow(after!),
    });
  });
}
