import type { PrivacyPolicyFacts } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Env } from '../../config/env';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { keepMailDays } from '../../platform/mail/delete-old-mail';
import { systemSettings } from '../schema';

/** How long each kind of personal data is kept, from the settings the jobs that erase it read. */
export interface RetentionSettings {
  consultationMonths: number;
  unconfirmedAccountDays: number;
}

/**
 * The deployment's facts /privacy states: the institute and its contact from the system settings,
 * the retention periods from the server's settings (the same values the erasing jobs use).
 */
export async function getPrivacyPolicyFacts(
  db: Executor,
  env: Pick<Env, 'BACKUP_RETENTION_DAYS'>,
  retention: RetentionSettings,
): Promise<PrivacyPolicyFacts> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  if (!row) throw AppError.notFound('找不到系統設定');
  return {
    website_title: row.websiteTitle,
    institute_name: row.instituteName,
    contact_email: row.privacyContactEmail,
    contact_phone: row.privacyContactPhone,
    contact_address: row.privacyContactAddress,
    analytics: Boolean(row.gTag),
    retention: {
      consultation_months: retention.consultationMonths,
      unconfirmed_account_days: retention.unconfirmedAccountDays,
      mail_days: keepMailDays,
      backup_days: env.BACKUP_RETENTION_DAYS,
    },
  };
}
