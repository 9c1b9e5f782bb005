import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Environment variables of the file storage, spread into envSchema (README "Configuration"). */
export const storageEnvShape = {
  /** `local` keeps files under DATA_DIR/files; `s3` in a bucket of an S3-compatible store. */
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  /** The store's address, e.g. https://s3.example.org; empty for AWS S3 itself. */
  S3_ENDPOINT: optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/.test(value), {
    error: 'must be an http(s) address such as https://s3.example.org',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addresses (host/bucket/key), which most self-hosted stores need: on unless `false`. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0' && value !== 'no'),
};

/** What STORAGE=s3 still lacks, as "NAME: reason" lines (empty when the settings are complete). */
export function storageEnvProblems(env: {
  STORAGE: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): string[] {
  if (env.STORAGE !== 's3') return [];
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  return required
    .filter((name) => !env[name])
    .map((name) => `${name}: required when STORAGE=s3 (see README, "File storage")`);
}
