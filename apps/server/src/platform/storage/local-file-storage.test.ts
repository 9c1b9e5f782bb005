import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-'));
    storage = new LocalFileStorage(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('writes, stats, reads a range and removes a file', async () => {
    const info = await storage.put('public/報告.txt', Buffer.from('0123456789'));
    expect(info.size).toBe(10);
    expect(await text(storage.read('public/報告.txt', { start: 2, end: 4 }))).toBe('234');
    await storage.remove('public/報告.txt');
    expect(await storage.stat('public/報告.txt')).toBeNull();
  });

  it.each(['../secret', 'a/../../b', '/etc/passwd', 'a//b', '', 'a\\..\\b', 'nul\0'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});
