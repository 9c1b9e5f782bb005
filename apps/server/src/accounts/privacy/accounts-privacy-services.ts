import type { PersonalDataExportStatus } from '@pest/contracts';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { deleteOwnAccount } from './delete-own-account';
import { eraseUnusedAccounts } from './erase-unused-accounts';
import { requestOwnExport } from './request-own-export';

/** The page the mailed download link opens (a Fastify route, personal-data-routes.ts); the token follows. */
export const downloadLinkPath = '/member/personal-data/';

/**
 * A member's rights as the accounts feature offers them on /member (decisions 0307–0311): the
 * download, the deletion of the account, and the retention of unused accounts.
 */
export function createAccountsPrivacyServices(context: Pick<FeatureContext, 'db' | 'mail' | 'personalData'>) {
  const { db, personalData } = context;
  const subject = (memberId: number) => ({ kind: 'member', id: memberId });
  return {
    requestExport: (memberId: number) => requestOwnExport(db, personalData, memberId, downloadLinkPath),
    async exportStatus(memberId: number): Promise<PersonalDataExportStatus> {
      const status = await personalData.latestFor(subject(memberId));
      if (!status) return null;
      return {
        state: status.state,
        created_at: status.createdAt.toISOString(),
        expires_at: status.expiresAt?.toISOString() ?? null,
      };
    },
    claimDownload: (memberId: number, token: string) => personalData.claimDownload(token, subject(memberId)),
    deleteAccount: (memberId: number, password: string) => deleteOwnAccount(db, personalData, memberId, password),
    /** The daily retention job's work (a clock may be given, for tests). */
    eraseUnusedAccounts: (now?: Date) => eraseUnusedAccounts(context, now),
  };
}

export type AccountsPrivacyServices = ReturnType<typeof createAccountsPrivacyServices>;
