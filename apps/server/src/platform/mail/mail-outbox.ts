import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { outgoingMailSchema, type OutgoingMail } from '@pest/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Database, Executor } from '../database/database';
import { defineJob, type AnyJobDefinition, type JobQueue } from '../jobs/job-queue';
import { countOutboxBacklog } from './count-outbox-backlog';
import { deleteOldMail } from './delete-old-mail';
import { mailOutbox } from './mail-outbox.schema';
import { renderMail, siteName, type MailContent, type RenderedMail } from './render-mail';
import { sendQueuedMail } from './send-queued-mail';

/** The job that sends one outbox mail. */
export const sendMailJob = 'mail.send';
/** The daily job that deletes old mails (19:30 UTC: 03:30 in Taiwan, a quiet hour). */
export const deleteOldMailJob = 'mail.delete-old';

/** The one way to send mail (`context.mail`, decision 0102). */
export class MailOutbox {
  readonly #transport: Transporter | null;
  readonly #env: Env;
  readonly #jobs: JobQueue;
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(options: { db: Database; env: Env; jobs: JobQueue; log: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#env = options.env;
    this.#jobs = options.jobs;
    this.#log = options.log;
    this.#transport = options.env.SMTP_URL ? nodemailer.createTransport(options.env.SMTP_URL) : null;
    if (!this.#transport) {
      options.log.info({ outbox: this.outboxDir }, 'no SMTP_URL: mails are written as .eml files');
    }
  }

  /** Where mails are written when no SMTP server is configured. */
  get outboxDir(): string {
    return path.join(this.#env.dataDir, 'outbox');
  }

  /** A Traditional-Chinese mail (subject, text and HTML) with the site's name and PUBLIC_URL links. */
  compose(content: MailContent): RenderedMail {
    return renderMail(content, { publicUrl: this.#env.publicUrl });
  }

  /** Writes a mail to the outbox and queues its sending, both with `tx`. Why: decision 0102. */
  async queue(tx: Executor, mail: OutgoingMail): Promise<number> {
    const valid = outgoingMailSchema.parse(mail);
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        to: valid.to,
        subject: valid.subject,
        text: valid.text,
        html: valid.html ?? null,
        listUnsubscribe: valid.unsubscribeUrl ?? null,
        messageId: `<${randomUUID()}@${new URL(this.#env.publicUrl).hostname}>`,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('The outbox insert returned no row.');
    await this.#jobs.enqueue(sendMailJob, { mailId: row.id }, { tx });
    return row.id;
  }

  /** Mails waiting to be sent, and those of them whose last try failed (metrics). */
  backlog(): Promise<{ waiting: number; failing: number }> {
    return countOutboxBacklog(this.#db);
  }

  /** The outbox's jobs, defined by the app beside the features' jobs. */
  jobs(): Record<string, AnyJobDefinition> {
    return {
      [sendMailJob]: defineJob({
        label: '寄送郵件',
        payload: z.object({ mailId: z.number().int().positive() }),
        retryLimit: 8,
        retryDelaySeconds: this.#env.MAIL_RETRY_SECONDS,
        retryBackoff: true,
        // A burst (a newsletter of replies, a backlog after an SMTP outage) goes out at once, ten at a time.
        batchSize: 10,
        handle: async ({ mailId }, job) => {
          const sent = await sendQueuedMail(
            {
              db: this.#db,
              transport: this.#transport,
              from: mailFrom(this.#env),
              outboxDir: this.outboxDir,
              // The job's own heartbeat keeps a live send from being retried. Why: decision 0327.
              leaseSeconds: this.#env.JOBS_HEARTBEAT_SECONDS,
            },
            mailId,
          );
          // The outbox id only: the address and the text stay in the database.
          if (sent) job.log.info({ mailId, attempt: job.attempt, via: sent }, 'mail sent');
        },
      }),
      [deleteOldMailJob]: defineJob({
        label: '刪除舊郵件',
        payload: z.object({}),
        schedule: '30 19 * * *',
        handle: async () => {
          const deleted = await deleteOldMail(this.#db, this.outboxDir);
          if (deleted > 0) this.#log.info({ deleted }, 'old outbox mails deleted');
        },
      }),
    };
  }

  close(): void {
    this.#transport?.close();
  }
}

/** MAIL_FROM, or the site's name at noreply@ the public host. */
export function mailFrom(env: Pick<Env, 'MAIL_FROM' | 'publicUrl'>): string | { name: string; address: string } {
  return env.MAIL_FROM ?? { name: siteName, address: `noreply@${new URL(env.publicUrl).hostname}` };
}
