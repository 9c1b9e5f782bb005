import { z } from 'zod';

const perDay = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Daily upload quotas, spread into envSchema. Why: decision 0112. */
export const uploadEnvShape = {
  UPLOAD_DAILY_MB_PER_MEMBER: perDay(500),
  UPLOAD_DAILY_MB_PER_CLIENT: perDay(200),
  UPLOAD_DAILY_FILES: perDay(200),
};
