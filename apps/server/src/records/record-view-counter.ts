import type { Executor } from '../platform/database/database';
import { VisitorHasher } from '../platform/privacy/visitor-hasher';
import { addRecordViews, type RecordView } from './services/add-record-views';
import { deleteOldRecordViewMarks } from './services/delete-old-record-view-marks';

const hourMs = 60 * 60 * 1000;
const maxPending = 100_000;

export interface RecordViewCounterOptions {
  onError(error: unknown): void;
  /** Called after each write with the number of views it added (for logs). */
  onSaved?(added: number): void;
  flushMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * The one way record views are counted, from rendered pages, cached pages and the loadDetail
 * call alike: a view counts once per visitor, record and hour (decision 0066). Views are held
 * in memory and written in one statement every few seconds, so a view costs no database round
 * trip; the database decides what is new, so several processes never count a visitor twice.
 * Addresses stay in memory until the write, which stores only their salted hash.
 */
export class RecordViewCounter {
  /** 'hour|record id|address' of each view since the last write (duplicates collapse here). */
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private lastPrune = 0;
  private readonly hasher: VisitorHasher;
  private readonly flushMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Executor,
    private readonly options: RecordViewCounterOptions,
  ) {
    this.hasher = new VisitorHasher(db);
    this.flushMs = options.flushMs ?? 2000;
    this.now = options.now ?? Date.now;
  }

  /** Counts a view of a record by the visitor at `address` (request.ip). */
  add(recordId: number, address: string): void {
    const hour = Math.floor(this.now() / hourMs) * hourMs;
    this.pending.add(`${hour}|${recordId}|${address}`);
    this.timer ??= setTimeout(() => {
      this.flush().catch(this.options.onError);
    }, this.flushMs).unref();
  }

  /** Writes the views counted so far; one write at a time. */
  flush(): Promise<void> {
    const run = this.queue.then(() => this.write());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Set();
    if (batch.size > 0) {
      try {
        await this.save(batch);
      } catch (error) {
        // Kept for the next write (a database briefly away), within a bound on memory.
        for (const item of batch) if (this.pending.size < maxPending) this.pending.add(item);
        this.timer ??= setTimeout(() => {
          this.flush().catch(this.options.onError);
        }, this.flushMs).unref();
        throw error;
      }
    }
    const now = this.now();
    if (now - this.lastPrune >= 10 * 60 * 1000) {
      this.lastPrune = now;
      // Marks of the hour before are kept, for views counted just before the hour turned.
      await deleteOldRecordViewMarks(this.db, new Date(Math.floor(now / hourMs) * hourMs - hourMs));
    }
  }

  private async save(batch: ReadonlySet<string>): Promise<void> {
    const views: RecordView[] = [];
    const hashers = new Map<number, (address: string) => string>();
    for (const item of batch) {
      const [hourText = '', idText = '', ...address] = item.split('|');
      const hour = Number(hourText);
      let hash = hashers.get(hour);
      if (!hash) {
        hash = await this.hasher.hasherFor(hour);
        hashers.set(hour, hash);
      }
      views.push({ visitor: hash(address.join('|')), recordId: Number(idText), hour: new Date(hour) });
    }
    const added = await addRecordViews(this.db, views);
    this.options.onSaved?.(added);
  }
}
