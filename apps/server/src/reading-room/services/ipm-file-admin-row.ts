import type { ipmFilesAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import { fileExtension } from '../file-paths';
import type { ipmFiles } from '../schema';

export type IpmFileAdminRow = z.input<typeof ipmFilesAdminContract.row>;

/** An IPM sheet's other file as the admin lists and shows it, and as its audit entries record it. */
export function ipmFileAdminRow(row: typeof ipmFiles.$inferSelect, ipmTitle: string): IpmFileAdminRow {
  return {
    id: row.id,
    ipm_id: row.ipmId,
    ipm_title: ipmTitle,
    name: row.fileName,
    type: fileExtension(row.fileName).toUpperCase(),
    size: row.size,
    sort: row.sort,
    upload: row.storedFileId,
  };
}
