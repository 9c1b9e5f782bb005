import { z } from 'zod';

/** Environment variables of the Prometheus metrics (platform/metrics, decision 0319), spread into envSchema. */
export const metricsEnvShape = {
  /**
   * `GET /metrics` on the site's own port answers only requests with `Authorization: Bearer <METRICS_TOKEN>`; unset,
   * it answers 404 there. Why: decision 0319.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined))
    .refine((value) => value === undefined || value.length >= 16, { error: 'must be at least 16 characters' }),
  /**
   * A second, tiny HTTP server on 127.0.0.1 of this port that answers `GET /metrics` without a token (only this
   * machine reaches it); unset, none. Why: decision 0319.
   */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value.trim()) : undefined))
    .pipe(z.number().int().min(0).max(65535).optional()),
};
