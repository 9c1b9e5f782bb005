import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/start-s3-server';
import { InvalidStorageKeyError, type FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

interface StorageUnderTest {
  storage: FileStorage;
  close(): Promise<void>;
}

async function localStorage(): Promise<StorageUnderTest> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-'));
  return { storage: new LocalFileStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
}

async function s3Storage(): Promise<StorageUnderTest> {
  const server: TestS3Server = await startS3Server();
  // The smallest part S3 allows, so a 12 MiB stream goes up as a multipart upload of three parts.
  const storage = new S3FileStorage({ ...server.options, partSize: 5 * 1024 * 1024 });
  return {
    storage,
    async close() {
      storage.destroy();
      await server.close();
    },
  };
}

// One suite, two stores: whatever a feature does with files works the same on either.
describe.each([
  ['LocalFileStorage', localStorage],
  ['S3FileStorage (s3rver on 127.0.0.1)', s3Storage],
])('%s', (_name, open) => {
  let subject: StorageUnderTest;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  it('writes bytes, stats them, reads them whole and by range, and removes them', async () => {
    const info = await storage.put('public/報告.txt', Buffer.from('0123456789'));
    expect(info).toMatchObject({ key: 'public/報告.txt', size: 10 });
    expect(info.modifiedAt).toBeInstanceOf(Date);
    expect(await storage.stat('public/報告.txt')).toMatchObject({ size: 10 });
    expect(await text(storage.read('public/報告.txt'))).toBe('0123456789');
    expect(await text(storage.read('public/報告.txt', { start: 2, end: 4 }))).toBe('234');
    expect(await text(storage.read('public/報告.txt', { start: 9, end: 9 }))).toBe('9');
    await storage.remove('public/報告.txt');
    expect(await storage.stat('public/報告.txt')).toBeNull();
  });

  it('writes a stream longer than one part, read back byte for byte', async () => {
    const content = randomBytes(12 * 1024 * 1024 + 17);
    // Chunks of 64 KiB, as a request or a file stream delivers them.
    const chunks = Array.from({ length: Math.ceil(content.length / 65536) }, (_, index) =>
      content.subarray(index * 65536, (index + 1) * 65536),
    );
    const info = await storage.put('uploads/large.bin', Readable.from(chunks));
    expect(info.size).toBe(content.length);
    expect((await buffer(storage.read('uploads/large.bin'))).equals(content)).toBe(true);
    const start = 5 * 1024 * 1024 - 3;
    const slice = await buffer(storage.read('uploads/large.bin', { start, end: start + 9 }));
    expect(slice.equals(content.subarray(start, start + 10))).toBe(true);
    await storage.remove('uploads/large.bin');
  });

  it('writes a short stream and replaces a file stored under the same key', async () => {
    await storage.put('uploads/a.txt', Readable.from([Buffer.from('first')]));
    await storage.put('uploads/a.txt', Readable.from([Buffer.from('sec'), Buffer.from('ond!')]));
    expect(await text(storage.read('uploads/a.txt'))).toBe('second!');
    expect((await storage.stat('uploads/a.txt'))?.size).toBe(7);
  });

  it('stores nothing when the stream fails part way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('uploads/broken.bin', failing)).rejects.toThrow();
    expect(await storage.stat('uploads/broken.bin')).toBeNull();
  });

  it('answers a missing file: stat null, reading fails, removing is no error', async () => {
    expect(await storage.stat('uploads/no-such-file.jpg')).toBeNull();
    await expect(text(storage.read('uploads/no-such-file.jpg'))).rejects.toThrow();
    await expect(storage.remove('uploads/no-such-file.jpg')).resolves.toBeUndefined();
  });

  it('keeps keys apart that differ only in a folder or an extension', async () => {
    await storage.put('a/b/c.jpg', Buffer.from('jpg'));
    await storage.put('a/b/c.jpg_thumb', Buffer.from('thumb'));
    await storage.put('a/c.jpg', Buffer.from('other'));
    expect(await text(storage.read('a/b/c.jpg'))).toBe('jpg');
    expect(await text(storage.read('a/b/c.jpg_thumb'))).toBe('thumb');
    expect(await text(storage.read('a/c.jpg'))).toBe('other');
    // list() gives every key the backup must copy (decision 0321), nested folders included.
    const keys: string[] = [];
    for await (const key of storage.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['a/b/c.jpg', 'a/b/c.jpg_thumb', 'a/c.jpg']));
    expect(keys.every((key) => !key.endsWith('.tmp'))).toBe(true);
  });

  it.each(['../secret', 'a/../../b', '/etc/passwd', 'a//b', '', 'a\\..\\b', 'nul\0', 'x/'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.read(key)).toThrow(InvalidStorageKeyError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});
