import type { InvalidationService } from '../../platform/cache/invalidation';
import { recordListsTag, recordTag } from '../records-cache-tags';
import type { SearchRecordsInput, SearchRecordsResult } from '../services/search-records';
import { normaliseSearchText } from './normalise-search-text';

/**
 * Recent search answers, so a popular term (炭疽病 in the spraying season) or a visitor paging
 * back and forth costs one query. Keyed by the normalised term, so 臺/台 and Simplified input
 * share an entry. An answer depends on which records match (`records:list`) and on each record it
 * shows (`record:<id>`): a change to another record leaves it in place.
 */
export class SearchResultCache {
  private readonly entries = new Map<
    string,
    { result: SearchRecordsResult; tags: string[]; version: number; storedAt: number }
  >();

  /** Entries also expire, for changes nobody reports. */
  constructor(
    private readonly invalidation: InvalidationService,
    private readonly maxEntries = 1000,
    private readonly ttlMs = 5 * 60 * 1000,
  ) {}

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
    ]);
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached) this.entries.delete(key);
    if (cached && now - cached.storedAt <= this.ttlMs && !this.invalidation.isStale(cached.tags, cached.version)) {
      this.entries.set(key, cached);
      return cached.result;
    }
    const result = await search(input);
    // Content changed while searching: the answer may already be stale, so do not keep it.
    const tags = [recordListsTag, ...result.items.map((item) => recordTag(item.id))];
    if (!this.invalidation.isStale(tags, version)) {
      this.entries.set(key, { result, tags, version, storedAt: now });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return result;
  }
}
