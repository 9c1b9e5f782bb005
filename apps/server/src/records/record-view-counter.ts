import type { Executor } from '../platform/database/database';
import { addRecordViews } from './services/add-record-views';

/**
 * Views of pages served from the page cache, where no loader runs: counted in memory and
 * written in one statement every few seconds, so a cache hit costs no database write.
 */
export class RecordViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Executor,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = 2000,
  ) {}

  add(recordId: number): void {
    this.pending.set(recordId, (this.pending.get(recordId) ?? 0) + 1);
    this.timer ??= setTimeout(() => {
      this.flush().catch(this.onError);
    }, this.flushMs).unref();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    await addRecordViews(this.db, batch);
  }
}
