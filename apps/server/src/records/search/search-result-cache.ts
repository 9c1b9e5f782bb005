import { currentContentVersion } from '../../platform/ssr/page-cache';
import type { SearchRecordsInput, SearchRecordsResult } from '../services/search-records';
import { normaliseSearchText } from './normalise-search-text';

/**
 * Recent search answers, so a popular term (炭疽病 in the spraying season) or a visitor paging
 * back and forth costs one query. Keyed by the normalised term, so 臺/台 and Simplified input
 * share an entry; every content change (records, pictures, pesticide data) makes all entries stale.
 */
export class SearchResultCache {
  private readonly entries = new Map<string, { result: SearchRecordsResult; storedAt: number }>();
  private version = currentContentVersion();

  /** Entries also expire, for changes made by another process (the importer on PostgreSQL). */
  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5 * 60 * 1000,
  ) {}

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
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached) this.entries.delete(key);
    if (cached && now - cached.storedAt <= this.ttlMs) {
      this.entries.set(key, cached);
      return cached.result;
    }
    const result = await search(input);
    // Content changed while searching: the answer may already be stale, so do not keep it.
    if (currentContentVersion() === version) {
      this.entries.set(key, { result, storedAt: now });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return result;
  }
}
