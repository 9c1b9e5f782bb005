import { isDocumentExtension, type UploadExtension, type UploadRules } from '@pest/contracts';

/**
 * What one form's upload accepts: the rules the browser also checks (contracts), the purpose the
 * files are recorded under, how they are kept, and how many text fields may come with them.
 */
export interface UploadPolicy extends UploadRules {
  /** `consultation-photo`, `discussion-photo` …: attachFiles accepts only files of its purpose. */
  purpose: string;
  /** `photo`: decoded and re-encoded to JPEG sizes, metadata removed. Why: decision 0116. */
  kind: 'photo' | 'document';
  /** Text fields the form sends beside the files (default 50, each at most 64 KB). */
  maxFields?: number;
}

function checkPurpose(purpose: string) {
  if (!/^[a-z][a-z0-9-]{0,62}$/.test(purpose)) throw new Error(`Invalid upload purpose: ${purpose}`);
}

export function definePhotoPolicy(purpose: string, rules: UploadRules, maxFields = 50): UploadPolicy {
  checkPurpose(purpose);
  if (rules.extensions.some(isDocumentExtension)) throw new Error(`A photo policy takes photos only: ${purpose}`);
  return { purpose, kind: 'photo', maxFields, ...rules };
}

/** Documents (PDF, office files, CSV) for staff forms: stored byte for byte once their content matches their name. */
export function defineDocumentPolicy(purpose: string, rules: UploadRules, maxFields = 50): UploadPolicy {
  checkPurpose(purpose);
  if (!rules.extensions.every(isDocumentExtension))
    throw new Error(`A document policy takes documents only: ${purpose}`);
  return { purpose, kind: 'document', maxFields, ...rules };
}

/**
 * The types sniffed from the content (`file-type` extension names) that each allowed extension stands for.
 * Why: decision 0114.
 */
const sniffedTypes: Record<UploadExtension, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  tif: ['tif'],
  tiff: ['tif'],
  bmp: ['bmp'],
  heic: ['heic', 'heif'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  odt: ['odt'],
  ods: ['ods'],
  odp: ['odp'],
  csv: ['text'],
};

export function sniffedTypeAllowed(sniffedExtension: string, policy: UploadRules): boolean {
  return policy.extensions.some((extension) => sniffedTypes[extension].includes(sniffedExtension));
}

/** The extension a document is kept and served under. Why: decision 0116. */
export function documentExtensionFor(
  sniffedExtension: string,
  fileName: string,
  policy: UploadRules,
): UploadExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return null;
  const named = fileName.slice(dot + 1).toLowerCase();
  const extension = policy.extensions.find((candidate) => candidate === named);
  return extension && sniffedTypes[extension].includes(sniffedExtension) ? extension : null;
}

/** Types sharp cannot read (HEIC with HEVC) or that need another decoder (BMP): converted by a job. */
export function needsConversion(sniffedExtension: string): boolean {
  return ['heic', 'heif', 'bmp'].includes(sniffedExtension);
}
