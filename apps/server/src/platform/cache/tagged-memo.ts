import { LRUCache } from 'lru-cache';
import type { CacheTags, InvalidationService } from './invalidation';

interface Kept {
  value: unknown;
  tags: CacheTags;
  version: number;
}

/** Reads that change only when a write says so. Why: decision 0383. */
export class TaggedMemo {
  private readonly entries: LRUCache<string, Kept>;

  constructor(
    private readonly invalidation: InvalidationService,
    private readonly ttlMs = 5 * 60 * 1000,
    max = 50,
    /** A bound on what the entries weigh together, for values whose size grows with the data (decision 0450). */
    budget?: { maxSize: number; sizeOf: (value: unknown) => number },
  ) {
    // Keys are a list's name and its few arguments: a handful per feature.
    this.entries = new LRUCache<string, Kept>({
      max,
      ttl: ttlMs,
      ...(budget && {
        maxSize: budget.maxSize,
        sizeCalculation: (kept: Kept) => Math.max(1, budget.sizeOf(kept.value)),
      }),
    });
  }

  /**
   * The value kept under `key`, or `load`'s, kept until a write publishes one of its tags, the memo's
   * lifetime passes or, with `expiresAt`, the instant (epoch ms) the value says it changes by itself
   * (a scheduled item falling due, decision 0447).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    tagsOf: (value: T) => CacheTags,
    expiresAt?: (value: T) => number | null,
  ): Promise<T> {
    const version = this.invalidation.now();
    const kept = this.entries.get(key);
    if (kept && !this.invalidation.isStale(kept.tags, kept.version)) return kept.value as T;
    const value = await load();
    const tags = tagsOf(value);
    const until = expiresAt?.(value) ?? null;
    const ttl = until === null ? undefined : Math.min(until - Date.now(), this.ttlMs);
    // Changed while reading: the answer may already be stale, so it is not kept; nor one already due.
    if (!this.invalidation.isStale(tags, version) && (ttl === undefined || ttl > 0)) {
      this.entries.set(key, { value, tags, version }, ttl === undefined ? undefined : { ttl });
    }
    return value;
  }

  /** Forgets every entry: for a change no tag describes (the views behind the hot list). */
  clear(): void {
    this.entries.clear();
  }
}
