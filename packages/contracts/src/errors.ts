import { z } from 'zod';

/** Every API error, on both /api/info and /api/v1: an HTTP status plus this body. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. VALIDATION_FAILED'),
      message: z.string().describe('Human-readable message in Traditional Chinese'),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .describe('Per-field problems when the request body failed validation'),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  quotaExceeded: 'QUOTA_EXCEEDED',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  badRequest: 'BAD_REQUEST',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  requestTimeout: 'REQUEST_TIMEOUT',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
