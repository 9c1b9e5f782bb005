import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { searchResultCall } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { recordListsTag } from '../../records';
import { createRecords } from '../../records/services/create-record';
import { recordFixture } from '../../records/test/record-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startTcpProxy } from '../../test/tcp-proxy';
import { PostgresInvalidation } from './postgres-invalidation';

// Two server processes on one PostgreSQL database, as behind a load balancer: a change reported
// in one must reach the other's caches. Only with the PostgreSQL suite (with-postgres.mjs).
describe.skipIf(!process.env.TEST_DATABASE_URL)('cache invalidation across processes (LISTEN/NOTIFY)', () => {
  let writer: TestApp;
  let reader: FastifyInstance;
  let readerDataDir: string;

  const searchTotal = async (app: FastifyInstance, term: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/info/searchResult', payload: { term } });
    expect(response.statusCode).toBe(200);
    return searchResultCall.data.parse(response.json().d).total;
  };

  beforeAll(async () => {
    writer = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    readerDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-test-reader-'));
    reader = await buildApp({ env: { ...writer.env, dataDir: readerDataDir }, web: false, logger: false });
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await fs.rm(readerDataDir, { recursive: true, force: true });
  });

  it('listens on its own connection', () => {
    expect(reader.invalidation).toBeInstanceOf(PostgresInvalidation);
    expect((reader.invalidation as PostgresInvalidation).isListening).toBe(true);
  });

  it("drops the other server's cached answers when one server reports a change", async () => {
    expect(await searchTotal(reader, '通知測試')).toBe(0);
    // Written without telling anyone: the reader keeps its cached answer.
    await createRecords(writer.app.db, [recordFixture({ cName: '通知測試蟲' })]);
    expect(await searchTotal(reader, '通知測試')).toBe(0);
    expect(await searchTotal(writer.app, '通知測試')).toBe(1);

    await writer.app.invalidation.publish([recordListsTag]);
    await vi.waitFor(async () => expect(await searchTotal(reader, '通知測試')).toBe(1), { timeout: 10_000 });
  });

  it('reaches the other server through the bound services of a write', async () => {
    expect(await searchTotal(reader, '通知第二')).toBe(0);
    await writer.app.services.records.createRecords([recordFixture({ cName: '通知第二蟲' })]);
    await vi.waitFor(async () => expect(await searchTotal(reader, '通知第二')).toBe(1), { timeout: 10_000 });
  });

  it('takes a listening connection that went silent for lost, and every change for possible once it listens again', async () => {
    const { hostname, port } = new URL(writer.env.DATABASE_URL!);
    const relay = await startTcpProxy({ host: hostname, port: Number(port) });
    const service = await PostgresInvalidation.start({
      connectionString: relay.through(writer.env.DATABASE_URL!),
      notify: async () => undefined,
      log: { warn: () => undefined, error: () => undefined },
      checkEveryMs: 200,
    });
    try {
      const before = service.now();
      expect(service.isListening).toBe(true);
      // No error, no close: only the check notices that nothing arrives any more (decision 0345).
      relay.freeze();
      await vi.waitFor(() => expect(service.isListening).toBe(false), { timeout: 5_000 });
      await vi.waitFor(() => expect(service.isListening).toBe(true), { timeout: 10_000 });
      expect(service.changedSince(['record:1'], before)).toBe(true);
    } finally {
      await service.close();
      await relay.close();
    }
  });
});
