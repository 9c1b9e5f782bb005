import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { errorCodes, type OpenDataFormat } from '@pest/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheTags, InvalidationService } from '../../platform/cache/invalidation';
import { TaggedMemo } from '../../platform/cache/tagged-memo';
import { AppError } from '../../platform/http/app-error';
import { regeneratedKeyPrefix, type FileStorage } from '../../platform/storage/file-storage';
import type { OpenDataSource } from './open-data-source';

/** Raised when the layout of the files changes, so files written by an older build are not served. */
const fileRevision = 1;

/** One dataset: what a change of it publishes, how its head is read and how its file is written. */
export interface OpenDataExport {
  tags: CacheTags;
  // The row types differ by dataset; each export pairs its own read and write.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  read: () => Promise<OpenDataSource<any, any>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  write: (source: OpenDataSource<any, any>, format: OpenDataFormat) => AsyncIterable<Buffer>;
}

/** What an answer says about an export's current file, known without reading the file. */
export interface OpenDataFileHead {
  key: string;
  etag: string;
  fileName: string;
  contentType: string;
  lastModified: Date | null;
}

const describe = (name: string, source: OpenDataSource<unknown, unknown>, format: OpenDataFormat) => {
  const hash = createHash('sha256')
    .update(`${fileRevision}\n${format}\n${source.version}`)
    .digest('base64url')
    .slice(0, 27);
  return {
    key: `${regeneratedKeyPrefix}open-data/${name}-${hash}.${format}`,
    etag: `"${hash}"`,
    fileName: source.fileName(format),
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    lastModified: source.lastModified,
  };
};

/**
 * The open-data exports as files in the app's storage (decision 0422), named by the version of the
 * data they show: written once, a batch of rows at a time, by the first request after a change and
 * then streamed from storage, so no process holds a whole export. Every server finds a file another
 * wrote (the storage is shared); within a process one write of a file runs at a time and the
 * requests that come meanwhile wait for it. Only the small heads are kept in memory, until a write
 * publishes their tags.
 */
export class OpenDataStore {
  private readonly heads: TaggedMemo;
  private readonly writing = new Map<string, Promise<boolean>>();
  private readonly lastKey = new Map<string, string>();

  constructor(
    private readonly storage: FileStorage,
    invalidation: InvalidationService,
    private readonly log: FastifyBaseLogger,
    private readonly exports: Record<string, OpenDataExport>,
  ) {
    this.heads = new TaggedMemo(invalidation);
  }

  private source(name: string) {
    const dataset = this.exports[name]!;
    return this.heads.get(name, dataset.read, () => dataset.tags);
  }

  /** The current file's head: enough to answer If-None-Match without touching storage. */
  async head(name: string, format: OpenDataFormat): Promise<OpenDataFileHead> {
    return describe(name, await this.source(name), format);
  }

  /** The current file, written first if no server has written it yet: its head, size and bytes. */
  async file(name: string, format: OpenDataFormat): Promise<OpenDataFileHead & { size: number; read: () => Readable }> {
    const dataset = this.exports[name]!;
    let source = await this.source(name);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (attempt > 0) source = await dataset.read();
      const head = describe(name, source, format);
      const stored = await this.storage.stat(head.key);
      const read = () => this.storage.read(head.key);
      if (stored) return { ...head, size: stored.size, read };
      if (await this.write(`${name}.${format}`, head.key, () => dataset.write(source, format), dataset, source)) {
        const written = await this.storage.stat(head.key);
        if (written) return { ...head, size: written.size, read };
      }
    }
    throw new AppError(503, errorCodes.serviceUnavailable, '資料正在更新，請稍後再試');
  }

  /** Writes one file, once at a time per key; false when the data changed while it was written. */
  private write(
    slot: string,
    key: string,
    chunks: () => AsyncIterable<Buffer>,
    dataset: OpenDataExport,
    source: OpenDataSource<unknown, unknown>,
  ): Promise<boolean> {
    const running = this.writing.get(key);
    if (running) return running;
    const started = performance.now();
    const done = (async () => {
      await this.storage.put(key, Readable.from(chunks()));
      // The batches are not one snapshot: a file the data changed under is dropped, not served.
      if ((await dataset.read()).version !== source.version) {
        await this.storage.remove(key);
        return false;
      }
      const previous = this.lastKey.get(slot);
      this.lastKey.set(slot, key);
      if (previous && previous !== key) {
        await this.storage
          .remove(previous)
          .catch((error: unknown) => this.log.warn({ err: error, key: previous }, 'could not remove an old export'));
      }
      this.log.info({ key, ms: Math.round(performance.now() - started) }, 'open-data export written');
      return true;
    })().finally(() => this.writing.delete(key));
    this.writing.set(key, done);
    return done;
  }
}
