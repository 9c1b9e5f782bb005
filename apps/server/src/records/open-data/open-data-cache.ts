import { createHash } from 'node:crypto';
import type { CacheTags, InvalidationService } from '../../platform/cache/invalidation';
import type { OpenDataFile } from './open-data-files';

export interface CachedOpenDataFile extends OpenDataFile {
  etag: string;
}

interface Entry {
  file: CachedOpenDataFile;
  tags: CacheTags;
  version: number;
}

/**
 * The built exports, one per dataset and format, kept until a write changes what they show (the
 * records' list tag, the pesticide pages' tag): building the pesticide export of the real data
 * (12,000 rows) takes a query and a few megabytes of serialising, an answer from here takes none.
 */
export class OpenDataCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly invalidation: InvalidationService) {}

  async get(key: string, tags: CacheTags, build: () => Promise<OpenDataFile>): Promise<CachedOpenDataFile> {
    const cached = this.entries.get(key);
    if (cached && !this.invalidation.isStale(cached.tags, cached.version)) return cached.file;
    this.entries.delete(key);
    const version = this.invalidation.now();
    const built = await build();
    const file = {
      ...built,
      etag: `"${createHash('sha256').update(built.body).digest('base64url').slice(0, 27)}"`,
    };
    // Changed while building: answer with it, but do not keep it.
    if (!this.invalidation.isStale(tags, version)) this.entries.set(key, { file, tags, version });
    return file;
  }
}
