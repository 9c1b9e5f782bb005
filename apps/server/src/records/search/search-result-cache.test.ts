import { describe, expect, it, vi } from 'vitest';
import { InProcessInvalidation } from '../../platform/cache/invalidation';
import type { SearchRecordsInput, SearchRecordsResult } from '../services/search-records';
import { SearchResultCache } from './search-result-cache';

const input = (term: string, page = 1): SearchRecordsInput => ({
  term,
  types: ['pest', 'disease'],
  page,
  pageSize: 10,
});

describe('SearchResultCache', () => {
  it('answers a repeated or equivalent search from memory, and a changed one from the database', async () => {
    const cache = new SearchResultCache(new InProcessInvalidation());
    const search = vi.fn(async (query: SearchRecordsInput) => ({ total: 1, page: query.page, items: [] }));
    await cache.get(input('臺灣花薊馬'), search);
    await cache.get(input('台湾花蓟马'), search);
    await cache.get({ ...input('臺灣花薊馬'), types: ['disease', 'pest'] }, search);
    expect(search).toHaveBeenCalledTimes(1);
    await cache.get(input('臺灣花薊馬', 2), search);
    await cache.get(input('%'), search);
    await cache.get(input(''), search);
    expect(search).toHaveBeenCalledTimes(4);
  });

  it('forgets the answers that show a changed record or depend on the lists, and keeps the others', async () => {
    const invalidation = new InProcessInvalidation();
    const cache = new SearchResultCache(invalidation);
    const summary = { id: 7 } as SearchRecordsResult['items'][number];
    const search = vi.fn(async (query: SearchRecordsInput) => ({
      total: 1,
      page: 1,
      items: query.term === '薊馬' ? [summary] : [],
    }));
    await cache.get(input('薊馬'), search);
    await cache.get(input('蚜蟲'), search);
    await invalidation.publish(['record:8']);
    await cache.get(input('薊馬'), search);
    await cache.get(input('蚜蟲'), search);
    expect(search).toHaveBeenCalledTimes(2);
    await invalidation.publish(['record:7']);
    await cache.get(input('薊馬'), search);
    await cache.get(input('蚜蟲'), search);
    expect(search).toHaveBeenCalledTimes(3);
    await invalidation.publish(['records:list']);
    await cache.get(input('蚜蟲'), search);
    expect(search).toHaveBeenCalledTimes(4);
  });

  it('does not keep an answer found while a record it shows changed', async () => {
    const invalidation = new InProcessInvalidation();
    const cache = new SearchResultCache(invalidation);
    const search = vi.fn(async () => {
      await invalidation.publish(['record:7']);
      return { total: 1, page: 1, items: [{ id: 7 } as SearchRecordsResult['items'][number]] };
    });
    await cache.get(input('薊馬'), search);
    await cache.get(input('薊馬'), search);
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its limit, dropping the least recently used', async () => {
    const cache = new SearchResultCache(new InProcessInvalidation(), 2);
    const search = vi.fn(async () => ({ total: 0, page: 1, items: [] }));
    await cache.get(input('a'), search);
    await cache.get(input('b'), search);
    await cache.get(input('a'), search);
    await cache.get(input('c'), search);
    await cache.get(input('a'), search);
    expect(search).toHaveBeenCalledTimes(3);
    await cache.get(input('b'), search);
    expect(search).toHaveBeenCalledTimes(4);
  });

  it('keeps at most its byte budget, however many entries are allowed', async () => {
    const cache = new SearchResultCache(new InProcessInvalidation(), 1000, 60_000, 64 * 1024);
    const summary = { id: 1, CName: '蟲'.repeat(1000) };
    const search = vi.fn(async (query: SearchRecordsInput) => ({
      total: 1,
      page: query.page,
      items: [summary] as unknown as SearchRecordsResult['items'],
    }));
    // About 4 KB each: the budget holds about fifteen, so the first ones are gone after fifty.
    for (let page = 1; page <= 50; page += 1) await cache.get(input('a', page), search);
    await cache.get(input('a', 50), search);
    expect(search).toHaveBeenCalledTimes(50);
    await cache.get(input('a', 1), search);
    expect(search).toHaveBeenCalledTimes(51);
  });
});
