import { LRUCache } from 'lru-cache';
import { currentContentVersion } from '../../platform/ssr/page-cache';
import type { SearchRecordsInput, SearchRecordsResult } from '../services/search-records';
import { normaliseSearchText } from './normalise-search-text';

/**
 * Recent search answers, so a popular term (炭疽病 in the spraying season) or a visitor paging
 * back and forth costs one query. Keyed by the normalised term, so 臺/台 and Simplified input
 * share an entry; every content change (records, pictures, pesticide data) makes all entries stale.
 * Bounded by entries and by bytes (an estimate of each answer's size), least recently used out.
 */
export class SearchResultCache {
  private readonly entries: LRUCache<string, SearchRecordsResult>;
  private version = currentContentVersion();

  /** Entries also expire, for changes made by another process (the importer on PostgreSQL). */
  constructor(maxEntries = 1000, ttlMs = 5 * 60 * 1000, maxBytes = 8 * 1024 * 1024) {
    this.entries = new LRUCache<string, SearchRecordsResult>({
      max: maxEntries,
      maxSize: maxBytes,
      ttl: ttlMs,
      // JavaScript strings take two bytes a character: the JSON length doubled is near the heap cost.
      sizeCalculation: (result, key) => 2 * (JSON.stringify(result).length + key.length) + 256,
    });
  }

  async get(
    input: SearchRecordsInput,
    search: (input: SearchRecordsInput) => Promise<SearchRecordsResult>,
  ): Promise<SearchRecordsResult> {
    const version = currentContentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const key = JSON.stringify([
      normaliseSearchText(input.term),
      input.term.trim() === '',
      [...input.types].sort(),
      input.page,
      input.pageSize,
    ]);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const result = await search(input);
    // Content changed while searching: the answer may already be stale, so do not keep it.
    if (currentContentVersion() === version) this.entries.set(key, result);
    return result;
  }
}
