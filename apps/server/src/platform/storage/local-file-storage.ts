import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidStorageKey, type FileStorage, type StorageInput, type StoredFileInfo } from './file-storage';

let temporaryCounter = 0;

/** FileStorage on the local disk, rooted at one folder that no key can leave. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertValidStorageKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    // Defence in depth: the key check already forbids '..', this forbids anything else odd.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Storage key escapes the root: ${key}`);
    }
    return full;
  }

  async put(key: string, data: StorageInput): Promise<StoredFileInfo> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    temporaryCounter += 1;
    const temporary = `${full}.${process.pid}.${Date.now()}.${temporaryCounter}.tmp`;
    try {
      if (data instanceof Readable) await pipeline(data, createWriteStream(temporary));
      else await fs.writeFile(temporary, data);
      await fs.rename(temporary, full);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`File vanished after writing: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const stats = await fs.stat(this.resolve(key));
      return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.resolve(key), range);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  /**
   * The folder must exist already: `put` would create a missing one, and a storage volume that
   * failed to mount would then fill the system disk while the site looked ready.
   */
  async checkWritable(): Promise<void> {
    temporaryCounter += 1;
    const probe = path.join(this.root, `.ready-${process.pid}-${temporaryCounter}.tmp`);
    await fs.writeFile(probe, 'ready');
    await fs.rm(probe, { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries;
    try {
      entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      // A file being written has a temporary name until it is renamed into place (put above).
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      yield path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    }
  }
}
