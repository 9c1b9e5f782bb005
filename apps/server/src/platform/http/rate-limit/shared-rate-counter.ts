import type { Executor } from '../../database/database';
import { VisitorHasher } from '../../privacy/visitor-hasher';
import { addRateLimitHits, type RateLimitHits } from './add-rate-limit-hits';
import { deleteEndedRateLimitWindows } from './delete-ended-rate-limit-windows';

interface WindowCount {
  key: string;
  windowStart: number;
  windowMs: number;
  /** The total of every process at this process's last sync (its own synced hits included). */
  shared: number;
  /** Hits of this process not yet sent. */
  pending: number;
  /** Hits of this process being sent right now. */
  sending: number;
}

export interface SharedRateCounterOptions {
  /** How often the hits of this process are added to the shared table (ms). */
  syncMs?: number;
  now?: () => number;
  onError(error: unknown): void;
}

/** The stored key: the budget in clear, the client's address hashed. */
function storedKey(key: string, hash: (address: string) => string): string {
  const separator = key.indexOf('|');
  return separator < 0 ? hash(key) : `${key.slice(0, separator)}|${hash(key.slice(separator + 1))}`;
}

/** Rows per upsert: far below PostgreSQL's 65,535 parameters (four per row). */
const rowsPerStatement = 1000;
const pruneEveryMs = 60_000;

/**
 * Request counts per client key in fixed windows (aligned to the epoch, so every process agrees on them), shared by
 * every server process through the `rate_limit_hits` table without a database round trip per request (decision 0065).
 */
export class SharedRateCounter {
  private readonly windows = new Map<string, WindowCount>();
  private readonly hasher: VisitorHasher;
  private readonly syncMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly db: Executor,
    options: SharedRateCounterOptions,
  ) {
    this.hasher = new VisitorHasher(db);
    this.syncMs = options.syncMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError;
  }

  /** Counts one request of `key` ('budget|client address') in its current window of `windowMs`. Why: decision 0417. */
  hit(key: string, windowMs: number): { current: number; ttl: number } {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const id = `${windowStart}@${key}`;
    let entry = this.windows.get(id);
    if (!entry) {
      entry = { key, windowStart, windowMs, shared: 0, pending: 0, sending: 0 };
      this.windows.set(id, entry);
    }
    entry.pending += 1;
    this.timer ??= setTimeout(() => {
      this.sync().catch(this.onError);
    }, this.syncMs).unref();
    return { current: entry.shared + entry.sending + entry.pending, ttl: windowStart + windowMs - now };
  }

  /** Sends the hits counted since the last sync and learns the totals; one sync at a time. */
  sync(): Promise<void> {
    const run = this.queue.then(() => this.syncOnce());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and sends what is left (on shutdown, before the database closes). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sync().catch(this.onError);
  }

  /** Windows held in memory (ended ones are dropped at each sync). */
  get size(): number {
    return this.windows.size;
  }

  private async syncOnce(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = this.now();
    const batch: Array<{ entry: WindowCount; taken: number }> = [];
    for (const [id, entry] of this.windows) {
      if (entry.windowStart + entry.windowMs <= now) this.windows.delete(id);
      else if (entry.pending > 0) {
        batch.push({ entry, taken: entry.pending });
        entry.sending += entry.pending;
        entry.pending = 0;
      }
    }
    let sent = 0;
    try {
      const hashers = new Map<number, (address: string) => string>();
      while (sent < batch.length) {
        const chunk = batch.slice(sent, sent + rowsPerStatement);
        const byRow = new Map<string, WindowCount>();
        const rows: RateLimitHits[] = [];
        for (const { entry, taken } of chunk) {
          const day = Math.floor(entry.windowStart / 86_400_000);
          let hash = hashers.get(day);
          if (!hash) {
            hash = await this.hasher.hasherFor(entry.windowStart);
            hashers.set(day, hash);
          }
          const key = storedKey(entry.key, hash);
          byRow.set(`${entry.windowStart}@${key}`, entry);
          rows.push({
            key,
            windowStart: new Date(entry.windowStart),
            expiresAt: new Date(entry.windowStart + entry.windowMs),
            hits: taken,
          });
        }
        const totals = await addRateLimitHits(this.db, rows);
        for (const total of totals) {
          const entry = byRow.get(`${total.windowStart.getTime()}@${total.key}`);
          if (entry) entry.shared = Math.max(entry.shared, total.hits);
        }
        for (const { entry, taken } of chunk) entry.sending -= taken;
        sent += chunk.length;
      }
    } catch (error) {
      // Not sent: keep those hits for the next sync, so the decisions here still see them.
      for (const { entry, taken } of batch.slice(sent)) {
        entry.sending -= taken;
        entry.pending += taken;
      }
      this.timer ??= setTimeout(() => {
        this.sync().catch(this.onError);
      }, this.syncMs).unref();
      throw error;
    }
    if (now - this.lastPrune >= pruneEveryMs) {
      this.lastPrune = now;
      await deleteEndedRateLimitWindows(this.db, new Date(now));
    }
  }
}
