import { z } from 'zod';

/** Environment variables of the mail outbox (decision 0102), spread into envSchema. */
export const mailEnvShape = {
  /**
   * The SMTP server, e.g. `smtps://user:password@mail.example.org:465` or `smtp://mail.example.org:587`.
   * Why: decision 0102.
   */
  SMTP_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      error: 'must be an smtp:// or smtps:// URL, e.g. smtp://mail.example.org:587',
    }),
  /**
   * The sender: an address, or `Name <address>`. Default: 作物病蟲害資訊網 <noreply@the host of PUBLIC_URL>.
   */
  MAIL_FROM: z
    .string()
    .optional()
    .transform((value) => (value ? value.trim() : undefined)),
  /** Seconds before a mail's first retry (after an SMTP error or a worker that died sending it). Why: decision 0102. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
};
