import { wizardPictureUploadPurpose } from '@pest/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';

/** Where the wizard's uploaded pictures are served (decision 0273). */
export const wizardPictureFolder = 'files/consultation/wizard';

const uploadedPicture =
  /^files\/consultation\/wizard\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_mod\.jpg$/;

/**
 * A picture an editor uploaded is named by its stored file: the `_mod` size (the cards are at
 * most 480 px wide), beside which the public page finds the `_thumb`. A seeded picture is a
 * record picture's address and names no upload of the wizard's.
 */
export const wizardPicturePath = (storedFileId: string) => `${wizardPictureFolder}/${storedFileId}_mod.jpg`;

/** The stored file of an uploaded wizard picture; null for a seeded one or none. */
export function wizardPictureFileId(picture: string): string | null {
  return uploadedPicture.exec(picture)?.[1] ?? null;
}

/**
 * Takes an editor's upload for a crop or an option (attached in the caller's transaction) and
 * gives the picture it replaces back to the upload pipeline's cleanup. Returns the new picture's
 * address, or the current one when no file (or the current file again) was sent.
 */
export async function replaceWizardPicture(
  tx: Executor,
  actor: Viewer,
  current: string,
  upload: string | undefined,
): Promise<string> {
  if (!upload || upload === wizardPictureFileId(current)) return current;
  const file = await attachStoredFile(tx, upload, { owner: staffUploader(actor), purpose: wizardPictureUploadPurpose });
  await releaseWizardPicture(tx, current);
  return wizardPicturePath(file.id);
}

/** A deleted (or replaced) picture's upload goes back to the cleanup; a seeded one belongs to its record. */
export async function releaseWizardPicture(tx: Executor, picture: string): Promise<void> {
  const fileId = wizardPictureFileId(picture);
  if (fileId) await detachFiles(tx, [fileId]);
}

/** An uploaded wizard picture still in use (attached), for the file route. */
export async function findWizardPictureFile(db: Executor, storedFileId: string) {
  const [file] = await db
    .select({
      sha256: storedFiles.sha256,
      contentType: storedFiles.contentType,
      status: storedFiles.status,
      fileName: storedFiles.fileName,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, storedFileId),
        eq(storedFiles.purpose, wizardPictureUploadPurpose),
        isNotNull(storedFiles.attachedAt),
      ),
    );
  return file ?? null;
}
