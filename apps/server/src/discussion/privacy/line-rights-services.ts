import type { PersonalDataExportStatus } from '@pest/contracts';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { eraseIdentity, lineSubjectKind } from './discussion-personal-data';

/**
 * The rights of someone known through LINE (decision 0312): the same download as a
 * member's (the platform's job, fetched from the discussion page instead of a mailed link, as a
 * LINE identity has no e-mail address) and the erasure of their posts, photos and identity. The
 * identity is always the one the server verified for the request, never one the body names.
 */
export function createLineRightsServices({ personalData }: Pick<FeatureContext, 'personalData'>) {
  const subject = (identityId: number) => ({ kind: lineSubjectKind, id: identityId });
  return {
    requestExport: (identityId: number) => personalData.requestExport(subject(identityId), null),
    async exportStatus(identityId: number): Promise<PersonalDataExportStatus> {
      const status = await personalData.latestFor(subject(identityId));
      if (!status) return null;
      return {
        state: status.state,
        created_at: status.createdAt.toISOString(),
        expires_at: status.expiresAt?.toISOString() ?? null,
      };
    },
    claimDownload: (identityId: number) => personalData.claimLatest(subject(identityId)),
    erase: (identityId: number) => personalData.erase(subject(identityId), (tx) => eraseIdentity(tx, identityId)),
  };
}
