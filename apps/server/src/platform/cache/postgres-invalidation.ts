import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Executor } from '../database/database';
import { everyTag, InProcessInvalidation, type CacheTags } from './invalidation';

/** The NOTIFY channel every server process on one database listens on. */
export const invalidationChannel = 'cache_invalidation';

/** The longest wait between two attempts to listen again. */
const maxRetryMs = 5_000;
/** How often the listening connection must show it is alive. */
const defaultCheckEveryMs = 10_000;

// NOTIFY payloads must stay under 8,000 bytes; a longer list is sent as "everything changed".
const maxPayloadBytes = 7000;

/** A notification: the changed tags and, from a server, its id (so it can skip its own). */
interface Notice {
  tags: CacheTags;
  from?: string;
}

function payloadOf(notice: Notice): string {
  const payload = JSON.stringify(notice);
  return Buffer.byteLength(payload) <= maxPayloadBytes ? payload : JSON.stringify({ ...notice, tags: [everyTag] });
}

function noticeOf(payload: string | undefined): Notice {
  try {
    const parsed = JSON.parse(payload ?? '') as Partial<Notice>;
    const { tags, from } = parsed;
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) {
      return typeof from === 'string' ? { tags, from } : { tags };
    }
  } catch {
    // A payload this code did not write: fall through to the safe answer.
  }
  return { tags: [everyTag] };
}

/** Sends `tags` to every process listening on the database (the servers' caches). Why: decision 0052. */
export async function notifyChangedTags(db: Executor, tags: CacheTags, from?: string): Promise<void> {
  if (tags.length === 0) return;
  const payload = payloadOf(from === undefined ? { tags } : { tags, from });
  await db.execute(sql`SELECT pg_notify(${invalidationChannel}, ${payload})`);
}

/** Invalidation across the server processes of one PostgreSQL database. Why: decision 0345. */
export class PostgresInvalidation extends InProcessInvalidation {
  /** Marks this process's own notifications, already applied when published. */
  readonly id = randomUUID();
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = 500;
  private heartbeat: NodeJS.Timeout | null = null;

  private constructor(
    private readonly connectionString: string,
    private readonly notify: (tags: CacheTags, from: string) => Promise<void>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly checkEveryMs: number,
  ) {
    super();
  }

  /** Starts listening; `notify` sends a change to the others (notifyChangedTags on the app's pool). */
  static async start(options: {
    connectionString: string;
    notify: (tags: CacheTags, from: string) => Promise<void>;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    /** How often the listening connection is asked to answer (it must within half of it). */
    checkEveryMs?: number;
  }): Promise<PostgresInvalidation> {
    const service = new PostgresInvalidation(
      options.connectionString,
      options.notify,
      options.log,
      options.checkEveryMs ?? defaultCheckEveryMs,
    );
    try {
      await service.listen();
    } catch (error) {
      await service.close();
      throw error;
    }
    return service;
  }

  override async publish(tags: CacheTags): Promise<void> {
    await super.publish(tags);
    await this.notify(tags, this.id);
  }

  override isStale(tags: CacheTags, since: number): boolean {
    return !this.listening || super.isStale(tags, since);
  }

  override changedSince(tags: CacheTags, since: number): boolean {
    return super.isStale(tags, since);
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether the listening connection is up (changes of other processes are being heard). */
  override get isListening(): boolean {
    return this.listening;
  }

  private async listen(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== invalidationChannel) return;
      const notice = noticeOf(message.payload);
      if (notice.from !== this.id) this.clock.record(notice.tags);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'cache invalidation connection failed');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${invalidationChannel}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listening = true;
    this.retryMs = 500;
    // Whatever changed before this connection listened went unheard.
    this.clock.record([everyTag]);
    this.heartbeat = setInterval(() => void this.check(client), this.checkEveryMs).unref();
  }

  /**
   * A connection whose peer vanished without closing it (a network cut, a host gone) hears nothing and reports no
   * error. Why: decision 0345.
   */
  private checking = false;
  private async check(client: pg.Client): Promise<void> {
    if (this.client !== client || !this.listening || this.checking) return;
    this.checking = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no answer on the listening connection')), this.checkEveryMs / 2);
        }),
      ]);
    } catch (error) {
      this.log.warn({ err: error }, 'cache invalidation connection failed');
      this.lost(client);
      // Ending it politely would wait for a peer that is gone.
      client.connection.stream.destroy();
    } finally {
      clearTimeout(timer);
      this.checking = false;
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.listening = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    client.end().catch(() => undefined);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error }, 'cache invalidation could not listen again');
        if (this.client) this.lost(this.client);
      });
    }, this.retryMs).unref();
    // At most 5 s: until it listens again no page is cached and /readyz names it (decision 0345).
    this.retryMs = Math.min(this.retryMs * 2, maxRetryMs);
  }
}
