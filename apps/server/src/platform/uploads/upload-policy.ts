import type { UploadExtension, UploadRules } from '@pest/contracts';

/**
 * What one form's upload accepts: the rules the browser also checks (contracts), the purpose the
 * files are recorded under, and how many text fields may come with them.
 */
export interface UploadPolicy extends UploadRules {
  /** `consultation-photo`, `discussion-photo` …: attachFiles accepts only files of its purpose. */
  purpose: string;
  /** Text fields the form sends beside the files (default 50, each at most 64 KB). */
  maxFields?: number;
}

export function definePhotoPolicy(purpose: string, rules: UploadRules, maxFields = 50): UploadPolicy {
  if (!/^[a-z][a-z0-9-]{0,62}$/.test(purpose)) throw new Error(`Invalid upload purpose: ${purpose}`);
  return { purpose, maxFields, ...rules };
}

/**
 * The types sniffed from the content (`file-type` extension names) that each allowed extension
 * stands for. `heic` also covers HEIF files, which phones write under the same name.
 */
const sniffedTypes: Record<UploadExtension, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  tif: ['tif'],
  tiff: ['tif'],
  bmp: ['bmp'],
  heic: ['heic', 'heif'],
};

export function sniffedTypeAllowed(sniffedExtension: string, policy: UploadRules): boolean {
  return policy.extensions.some((extension) => sniffedTypes[extension].includes(sniffedExtension));
}

/** Types sharp cannot read (HEIC with HEVC) or that need another decoder (BMP): converted by a job. */
export function needsConversion(sniffedExtension: string): boolean {
  return ['heic', 'heif', 'bmp'].includes(sniffedExtension);
}
