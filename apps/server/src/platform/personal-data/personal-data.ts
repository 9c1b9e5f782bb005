import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errorCodes, personalDataMessages } from '@pest/contracts';
import { and, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { redactAuditFor } from '../audit/redact-audit';
import type { Database, Executor } from '../database/database';
import { AppError } from '../http/app-error';
import { defineJob, type AnyJobDefinition, type JobQueue } from '../jobs/job-queue';
import type { MailOutbox } from '../mail/mail-outbox';
import { redactOutboxFor, removeWrittenMailFiles } from '../mail/redact-outbox';
import type { FileStorage } from '../storage/file-storage';
import { eraseStoredFiles } from '../uploads/erase-stored-files';
import type { PublicCopyKind } from '../uploads/public-copies';
import { buildExportZip } from './build-export-zip';
import { personalDataExports } from './personal-data-exports.schema';
import type { ErasureReason, ErasureResult, PersonalDataExport, PersonalDataPart } from './personal-data-part';

/** Whose data: a member, or someone a feature alone knows (a LINE-only person: 'discussion-identity'). */
export interface PersonalDataSubject {
  kind: string;
  id: number;
}

/** How long a ready download may wait for its one download. */
export const exportLifetimeDays = 7;
/** How many copies one person may ask for in 24 hours (building one reads every photo they sent). */
export const exportsPerDay = 1;

export const buildExportJob = 'personal-data.build-export';
export const removeOldExportsJob = 'personal-data.remove-old';

/** What a page shows about someone's latest request. */
export interface ExportStatus {
  state: 'queued' | 'ready' | 'downloaded' | 'expired';
  createdAt: Date;
  expiresAt: Date | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The site's one mechanism for a person's rights (個人資料保護法 §3, §10, §11; decision 0307). */
export class PersonalData {
  readonly #parts: Array<{ feature: string; part: PersonalDataPart }> = [];
  readonly #subjects = new Map<string, (db: Executor, id: number) => Promise<Record<string, PersonalDataExport>>>();
  readonly #db: Database;
  readonly #storage: FileStorage;
  readonly #mail: MailOutbox;
  readonly #jobs: JobQueue;
  readonly #log: FastifyBaseLogger;
  readonly #publicCopies: readonly PublicCopyKind[];

  constructor(options: {
    db: Database;
    storage: FileStorage;
    mail: MailOutbox;
    jobs: JobQueue;
    log: FastifyBaseLogger;
    publicCopies: readonly PublicCopyKind[];
  }) {
    this.#db = options.db;
    this.#storage = options.storage;
    this.#mail = options.mail;
    this.#jobs = options.jobs;
    this.#log = options.log;
    this.#publicCopies = options.publicCopies;
    this.#subjects.set('member', (db, memberId) => this.exportFor(db, memberId));
  }

  /** Adds a feature's part (the app does, from each manifest). */
  register(feature: string, part: PersonalDataPart): void {
    this.#parts.push({ feature, part });
    for (const [kind, exporter] of Object.entries(part.subjects ?? {})) {
      this.registerSubject(kind, async (db, id) => ({ [feature]: await exporter(db, id) }));
    }
  }

  /** Other features' rows about a subject of `kind` (their `subjectRows`), by feature. */
  #subjectRows(kind: string) {
    return this.#parts.flatMap(({ feature, part }) => {
      const rows = part.subjectRows?.[kind];
      return rows ? [{ feature, rows }] : [];
    });
  }

  /** Adds a kind of person only one feature knows, with what the download holds for them. */
  registerSubject(kind: string, exporter: (db: Executor, id: number) => Promise<Record<string, PersonalDataExport>>) {
    if (this.#subjects.has(kind)) throw new Error(`Personal-data subject ${kind} registered twice.`);
    this.#subjects.set(kind, exporter);
  }

  /** Everything the features hold about a member, by feature. */
  async exportFor(db: Executor, memberId: number): Promise<Record<string, PersonalDataExport>> {
    const result: Record<string, PersonalDataExport> = {};
    for (const { feature, part } of this.#parts) result[feature] = await part.exportFor(db, memberId);
    return result;
  }

  /** Whether any feature says the member used the account (retention keeps such accounts). */
  async isUsed(db: Executor, memberId: number): Promise<boolean> {
    for (const { part } of this.#parts) if (await part.isUsedBy?.(db, memberId)) return true;
    return false;
  }

  /**
   * Erases a member: `check` first (the password, the last admin), then every feature's part, in one transaction.
   * Why: decision 0307.
   */
  eraseMember(memberId: number, options: { reason: ErasureReason; check?: (tx: Executor) => Promise<void> }) {
    return this.erase({ kind: 'member', id: memberId }, async (tx) => {
      await options.check?.(tx);
      const results: ErasureResult[] = [];
      // Last registered first: the accounts feature, which removes the member row other parts may
      // still read (the confirmed address), comes early in the registry and so erases last.
      for (const { part } of [...this.#parts].reverse()) {
        const result = await part.eraseFor(tx, memberId, { reason: options.reason });
        if (result) results.push(result);
      }
      return { ...mergeResults(results), actorId: memberId };
    });
  }

  /**
   * Runs an erasure (`run` removes the feature's rows in the transaction and says what it let go
   * of), then, in the same transaction, redacts the outbox and the audit log and forgets the
   * subject's downloads; after the commit it removes the files.
   */
  async erase(
    subject: PersonalDataSubject,
    run: (tx: Executor) => Promise<ErasureResult & { actorId?: number }>,
  ): Promise<void> {
    const leftovers = await this.#db.transaction(async (tx) => {
      const own = await run(tx);
      const others: ErasureResult[] = [];
      for (const { rows } of this.#subjectRows(subject.kind)) {
        const erased = await rows.eraseFor(tx, subject.id);
        if (erased) others.push(erased);
      }
      const result = { ...mergeResults([own, ...others]), actorId: own.actorId };
      const addresses = result.addresses ?? [];
      const writtenMails = await redactOutboxFor(tx, addresses);
      await redactAuditFor(tx, {
        actorId: result.actorId ?? null,
        entities: result.auditEntities ?? [],
        texts: [...addresses, ...(result.identifyingTexts ?? [])],
      });
      const exports = await tx
        .delete(personalDataExports)
        .where(and(eq(personalDataExports.subjectKind, subject.kind), eq(personalDataExports.subjectId, subject.id)))
        .returning({ storageKey: personalDataExports.storageKey });
      return {
        fileIds: result.storedFileIds ?? [],
        zipKeys: exports.flatMap((row) => row.storageKey ?? []),
        writtenMails,
      };
    });
    for (const key of leftovers.zipKeys) await this.#storage.remove(key);
    // Mails written as files (no SMTP server) were blanked in the outbox; their files go too.
    await removeWrittenMailFiles(this.#mail.outboxDir, leftovers.writtenMails);
    try {
      await eraseStoredFiles(this.#db, this.#storage, this.#publicCopies, leftovers.fileIds);
    } catch (error) {
      // The rows are detached already: the hourly uploads.remove-stale finishes the job.
      this.#log.warn({ err: error }, 'erased files not removed yet (uploads.remove-stale tries again)');
    }
  }

  /** Queues a download of everything about `subject` (one a day, 429 past it). Why: decision 0308. */
  async requestExport(
    subject: PersonalDataSubject,
    delivery: { email: string; linkPath: string } | null,
  ): Promise<{ id: number }> {
    if (!this.#subjects.has(subject.kind)) throw new Error(`Unknown personal-data subject ${subject.kind}.`);
    return this.#db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`personal-data:${subject.kind}:${subject.id}`}, 0))`,
      );
      const [recent] = await tx
        .select({ requests: sql<number>`count(*)::int` })
        .from(personalDataExports)
        .where(
          and(
            eq(personalDataExports.subjectKind, subject.kind),
            eq(personalDataExports.subjectId, subject.id),
            gt(personalDataExports.createdAt, sql`now() - interval '1 day'`),
          ),
        );
      if ((recent?.requests ?? 0) >= exportsPerDay) {
        throw new AppError(429, errorCodes.rateLimited, personalDataMessages.exportBudget);
      }
      const [row] = await tx
        .insert(personalDataExports)
        .values({
          subjectKind: subject.kind,
          subjectId: subject.id,
          email: delivery?.email ?? null,
          linkPath: delivery?.linkPath ?? null,
        })
        .returning({ id: personalDataExports.id });
      if (!row) throw new Error('The export insert returned no row.');
      await this.#jobs.enqueue(buildExportJob, { exportId: row.id }, { tx });
      return row;
    });
  }

  /** The latest request of `subject` in the last 7 days, for the page that offers it. */
  async latestFor(subject: PersonalDataSubject): Promise<ExportStatus | null> {
    const [row] = await this.#db
      .select({
        state: personalDataExports.state,
        createdAt: personalDataExports.createdAt,
        expiresAt: personalDataExports.expiresAt,
      })
      .from(personalDataExports)
      .where(
        and(
          eq(personalDataExports.subjectKind, subject.kind),
          eq(personalDataExports.subjectId, subject.id),
          gt(personalDataExports.createdAt, sql`now() - make_interval(days => ${exportLifetimeDays})`),
        ),
      )
      .orderBy(sql`${personalDataExports.createdAt} desc`)
      .limit(1);
    if (!row) return null;
    const expired = row.state === 'ready' && row.expiresAt !== null && row.expiresAt <= new Date();
    return { ...row, state: expired ? 'expired' : row.state };
  }

  /**
   * Spends a mailed link: the ZIP's key if `token` is a ready, unexpired download of `subject`
   * (someone else's link is refused like a spent one), then never again.
   */
  async claimDownload(token: string, subject: PersonalDataSubject) {
    return this.#claim(
      and(
        eq(personalDataExports.tokenHash, hashToken(token)),
        eq(personalDataExports.subjectKind, subject.kind),
        eq(personalDataExports.subjectId, subject.id),
      ),
    );
  }

  /** Spends the latest ready download of `subject` (for people without e-mail: the page offers it). */
  async claimLatest(subject: PersonalDataSubject) {
    return this.#claim(
      and(
        eq(personalDataExports.subjectKind, subject.kind),
        eq(personalDataExports.subjectId, subject.id),
        isNotNull(personalDataExports.readyAt),
      ),
    );
  }

  async #claim(condition: ReturnType<typeof and>) {
    const [row] = await this.#db
      .update(personalDataExports)
      .set({ state: 'downloaded', downloadedAt: sql`now()` })
      .where(
        and(
          condition,
          eq(personalDataExports.state, 'ready'),
          gt(personalDataExports.expiresAt, sql`now()`),
          isNotNull(personalDataExports.storageKey),
        ),
      )
      .returning({ storageKey: personalDataExports.storageKey, createdAt: personalDataExports.createdAt });
    if (!row?.storageKey) return null;
    const day = row.createdAt.toISOString().slice(0, 10);
    return { storageKey: row.storageKey, fileName: `個人資料-${day}.zip` };
  }

  /** Builds one requested download (the job): idempotent, a request no longer queued is left alone. */
  async buildExport(exportId: number): Promise<void> {
    const [request] = await this.#db.select().from(personalDataExports).where(eq(personalDataExports.id, exportId));
    if (!request || request.state !== 'queued') return;
    const exporter = this.#subjects.get(request.subjectKind);
    if (!exporter) throw new Error(`Unknown personal-data subject ${request.subjectKind}.`);
    const parts = await exporter(this.#db, request.subjectId);
    for (const { feature, rows } of this.#subjectRows(request.subjectKind)) {
      parts[feature] = await rows.exportFor(this.#db, request.subjectId);
    }
    const key = `personal-data/exports/${request.id}-${randomUUID()}.zip`;
    const size = await buildExportZip(this.#storage, key, parts, {
      requested_at: request.createdAt.toISOString(),
      built_at: new Date().toISOString(),
      subject: request.subjectKind,
    });
    const token = randomBytes(32).toString('base64url');
    const done = await this.#db.transaction(async (tx) => {
      const [row] = await tx
        .update(personalDataExports)
        .set({
          state: 'ready',
          storageKey: key,
          size,
          tokenHash: hashToken(token),
          readyAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${exportLifetimeDays})`,
        })
        .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.state, 'queued')))
        .returning({ id: personalDataExports.id });
      if (!row) return false;
      if (request.email && request.linkPath) {
        await this.#mail.queue(tx, {
          to: request.email,
          ...this.#mail.compose({
            subject: '您的個人資料副本已備妥',
            paragraphs: [
              '您申請的個人資料副本（ZIP 檔，內含 JSON 資料與您上傳的照片）已經準備好了。',
              '請先登入會員，再點選下方連結下載。連結只能使用一次。',
            ],
            action: { label: '下載個人資料副本', url: `${request.linkPath}${token}` },
            notes: [
              `此連結 ${exportLifetimeDays} 天內有效，之後檔案會刪除。若您沒有提出申請，請變更密碼並與我們聯絡。`,
            ],
          }),
        });
      }
      return true;
    });
    // Erased or built twice meanwhile: this copy is nobody's.
    if (!done) await this.#storage.remove(key);
  }

  /**
   * Removes downloads already fetched or past their 7 days (the ZIP; the row says it expired), and
   * forgets requests older than 30 days. Returns how many ZIPs were removed.
   */
  async removeOldExports(now = new Date()): Promise<number> {
    const stale = await this.#db
      .select({ id: personalDataExports.id, storageKey: personalDataExports.storageKey })
      .from(personalDataExports)
      .where(
        and(
          isNotNull(personalDataExports.storageKey),
          or(eq(personalDataExports.state, 'downloaded'), lt(personalDataExports.expiresAt, now)),
        ),
      );
    for (const row of stale) if (row.storageKey) await this.#storage.remove(row.storageKey);
    if (stale.length > 0) {
      await this.#db
        .update(personalDataExports)
        .set({
          storageKey: null,
          tokenHash: null,
          state: sql`CASE WHEN ${personalDataExports.state} = 'downloaded' THEN 'downloaded' ELSE 'expired' END`,
        })
        .where(
          inArray(
            personalDataExports.id,
            stale.map((row) => row.id),
          ),
        );
    }
    await this.#db
      .delete(personalDataExports)
      .where(lt(personalDataExports.createdAt, new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)));
    return stale.length;
  }

  /** The platform's jobs for this mechanism, defined by the app. */
  jobs(): Record<string, AnyJobDefinition> {
    return {
      [buildExportJob]: defineJob({
        label: '製作個人資料副本',
        payload: z.object({ exportId: z.number().int().positive() }),
        retryLimit: 3,
        timeoutSeconds: 30 * 60,
        handle: ({ exportId }) => this.buildExport(exportId),
      }),
      [removeOldExportsJob]: defineJob({
        label: '刪除過期的個人資料副本',
        payload: z.object({}),
        schedule: '41 * * * *',
        handle: async () => {
          await this.removeOldExports();
        },
      }),
    };
  }
}

function mergeResults(results: ErasureResult[]): Required<ErasureResult> {
  return {
    storedFileIds: results.flatMap((result) => result.storedFileIds ?? []),
    addresses: results.flatMap((result) => result.addresses ?? []),
    identifyingTexts: results.flatMap((result) => result.identifyingTexts ?? []),
    auditEntities: results.flatMap((result) => result.auditEntities ?? []),
  };
}
