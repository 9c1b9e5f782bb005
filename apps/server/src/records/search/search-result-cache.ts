import { LRUCache } from 'lru-cache';
import type { InvalidationService } from '../../platform/cache/invalidation';
import { recordListsTag, recordTag } from '../records-cache-tags';
import type { SearchRecordsInput, SearchRecordsResult } from '../services/search-records';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';

interface CachedSearch {
  result: SearchRecordsResult;
  tags: string[];
  version: number;
}

/**
 * Recent search answers, so a popular term (炭疽病 in the spraying season) or a visitor paging
 * back and forth costs one query. Keyed by the normalised term, so 臺/台 and Simplified input
 * share an entry. An answer depends on which records match (`records:list`) and on each record it
 * shows (`record:<id>`): a change to another record leaves it in place. Bounded by entries and by
 * bytes (an estimate of each answer's size), least recently used out (decision 0055).
 */
export class SearchResultCache {
  private readonly entries: LRUCache<string, CachedSearch>;

  /** Entries also expire, for changes nobody reports. */
  constructor(
    private readonly invalidation: InvalidationService,
    maxEntries = 1000,
    ttlMs = 5 * 60 * 1000,
    maxBytes = 8 * 1024 * 1024,
  ) {
    this.entries = new LRUCache<string, CachedSearch>({
      max: maxEntries,
      maxSize: maxBytes,
      ttl: ttlMs,
      // JavaScript strings take two bytes a character: the JSON length doubled is near the heap cost.
      sizeCalculation: (entry, key) => 2 * (JSON.stringify(entry.result).length + key.length) + 256,
    });
  }

  async get(
    input: SearchRecordsInput,
    search: (input: SearchRecordsInput) => Promise<SearchRecordsResult>,
  ): Promise<SearchRecordsResult> {
    const version = this.invalidation.now();
    const key = JSON.stringify([
      normaliseSearchText(input.term),
      input.term.trim() === '',
      [...input.types].sort(),
      input.page,
      input.pageSize,
      input.suggest ?? 0,
    ]);
    const cached = this.entries.get(key);
    if (cached && !this.invalidation.isStale(cached.tags, cached.version)) return cached.result;
    if (cached) this.entries.delete(key);
    const result = await search(input);
    // Content changed while searching: the answer may already be stale, so do not keep it.
    const shown = [...result.items, ...(result.suggestions ?? [])];
    const tags = [recordListsTag, ...shown.map((item) => recordTag(item.id))];
    if (!this.invalidation.isStale(tags, version)) this.entries.set(key, { result, tags, version });
    return result;
  }
}
