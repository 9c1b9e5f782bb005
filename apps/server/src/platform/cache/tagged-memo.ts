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
    ttlMs = 5 * 60 * 1000,
    max = 50,
  ) {
    // Keys are a list's name and its few arguments: a handful per feature.
    this.entries = new LRUCache<string, Kept>({ max, ttl: ttlMs });
  }

  async get<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => CacheTags): Promise<T> {
    const version = this.invalidation.now();
    const kept = this.entries.get(key);
    if (kept && !this.invalidation.isStale(kept.tags, kept.version)) return kept.value as T;
    const value = await load();
    const tags = tagsOf(value);
    // Changed while reading: the answer may already be stale, so it is not kept.
    if (!this.invalidation.isStale(tags, version)) this.entries.set(key, { value, tags, version });
    return value;
  }

  /** Forgets every entry: for a change no tag describes (the views behind the hot list). */
  clear(): void {
    this.entries.clear();
  }
}
