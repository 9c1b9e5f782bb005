import { LRUCache } from 'lru-cache';
import type { CacheTags, InvalidationService } from '../../platform/cache/invalidation';

interface Kept {
  value: unknown;
  tags: CacheTags;
  version: number;
}

/**
 * Lists every search page and the home page read that change only when a write says so — the
 * newest records, the records' count (decision 0383): kept until one of their tags is published
 * (or five minutes, for changes nobody reports), so a page rendered from scratch does not ask the
 * database for them again. The hot list is not kept here: views change it without a tag.
 */
export class RecordListsMemo {
  private readonly entries: LRUCache<string, Kept>;

  constructor(
    private readonly invalidation: InvalidationService,
    ttlMs = 5 * 60 * 1000,
  ) {
    // Keys are a list's name and length: a handful.
    this.entries = new LRUCache<string, Kept>({ max: 50, ttl: ttlMs });
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
}
