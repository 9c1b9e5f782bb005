import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { carouselsResponse } from '@pest/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { records } from '../../records/schema';
import { carousels } from '../../site/schema';
import { openDatabase, type Database } from './database';
import { seedRuns } from './seed-runs.schema';
import { builtEntry } from '../../test/built-entry';
import { copyFolder } from '../../test/copy-folder';

// The data folder starts from the seeded template, so a start applies no demo content: seconds on
// an idle machine, but generous limits keep a busy CI runner from failing the test.
const startTimeoutMs = 120_000;

interface RunningServer {
  process: ChildProcess;
  url: string;
  /** Everything the process has printed so far. */
  output(): string;
}

/** Starts the real server as its own process on the embedded database in dataDir. */
async function startServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [await builtEntry('start-api-only')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API listening at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ process: child, url: match[1], output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

function stop(server: RunningServer, signal: NodeJS.Signals): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.process.once('exit', () => resolve());
    server.process.kill(signal);
  });
}

async function callInfo(server: RunningServer, call: string, body: unknown) {
  const response = await fetch(`${server.url}/api/info/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { d: unknown }).d;
}

/** Reads the database files with no server running (what a restart will find). */
async function readDatabase<T>(dataDir: string, read: (db: Database) => Promise<T>): Promise<T> {
  // The servers migrated it; a check of the migrations would only cost time.
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), migrate: false });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function viewsOf(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ views: records.views }).from(records).where(eq(records.id, id));
  if (!row) throw new Error(`record ${id} is missing`);
  return row.views;
}

/** Waits until the server prints a line matching `pattern` (bounded, then fails). */
async function waitForOutput(server: RunningServer, pattern: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (pattern.test(server.output())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server never printed ${pattern}:\n${server.output()}`);
}

async function getCarousels(server: RunningServer) {
  const response = await fetch(`${server.url}/api/v1/carousels`);
  expect(response.status).toBe(200);
  return carouselsResponse.parse(await response.json()).data;
}

// PostgreSQL's own durability is the server's business; this guards the embedded database,
// whose files in DATA_DIR must survive the process being killed outright.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database durability', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  /** Four records of the demo content, the newest first: each test views its own (a visitor counts once per record and hour). */
  let recordIds: number[];
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-durability-'));
    // The demo content as a first start leaves it (applied and closed by global-setup.ts): the
    // seeding itself is not what these tests are about, and it costs 8–12 s of CPU (decision 0086).
    const template = inject('databaseTemplate');
    if (template.driver !== 'pglite') throw new Error('the durability test needs the embedded database template');
    await copyFolder(template.seededDataDir, path.join(dataDir, 'db'));
    await copyFolder(template.seededFiles, path.join(dataDir, 'files'));
    recordIds = await readDatabase(dataDir, async (db) =>
      (await db.select({ id: records.id }).from(records).orderBy(desc(records.id)).limit(4)).map((row) => row.id),
    );
    expect(recordIds).toHaveLength(4);
  });
  afterEach(async () => {
    if (server) await stop(server, 'SIGKILL');
    server = undefined;
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it(
    "keeps a visitor's write and the demo content through a SIGKILL, and does not seed again",
    { timeout: 3 * startTimeoutMs },
    async () => {
      // Not one of the two the next test views: a visitor counts once per record and hour.
      const viewed = recordIds[2] as number;
      const before = await readDatabase(dataDir, async (db) => ({
        views: await viewsOf(db, viewed),
        // The home slider's (GET /api/v1/carousels answers those): the section banners have positions of their own.
        carousels: (
          await db.select().from(carousels).where(eq(carousels.position, 'index')).orderBy(asc(carousels.id))
        ).map((row) => row.id),
      }));
      expect(before.carousels).toHaveLength(3);

      // A visitor's write: reading the record counts a view (once per visitor and hour, however
      // often), written within the flush interval. Once written, the process is killed outright.
      server = await startServer(dataDir, { LOG_LEVEL: 'debug', RECORD_VIEWS_FLUSH_MS: '100' });
      for (let view = 0; view < 3; view += 1) await callInfo(server, 'loadDetail', { n1: viewed });
      await waitForOutput(server, /"added":1,"msg":"record views saved"/);
      await stop(server, 'SIGKILL');
      const killedAt = new Date();

      server = await startServer(dataDir);
      const slides = await getCarousels(server);
      expect(slides.map((slide) => slide.id)).toEqual(before.carousels);
      const picture = await fetch(`${server.url}/files/public/${slides[0]?.pic}`);
      expect(picture.status).toBe(200);
      await stop(server, 'SIGTERM');
      server = undefined;

      // The view survived the kill, and the restart wrote no demo content again.
      await readDatabase(dataDir, async (db) => {
        expect(await viewsOf(db, viewed)).toBe(before.views + 1);
        const runs = await db.select().from(seedRuns);
        expect(runs.length).toBeGreaterThan(0);
        for (const run of runs) expect(run.appliedAt.getTime()).toBeLessThan(killedAt.getTime());
        const rows = await db
          .select()
          .from(carousels)
          .where(eq(carousels.position, 'index'))
          .orderBy(asc(carousels.id));
        expect(rows.map((row) => row.id)).toEqual(before.carousels);
        for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(killedAt.getTime());
      });
    },
  );

  it(
    'writes the buffered record views on SIGTERM and SIGINT before the database closes',
    { timeout: 3 * startTimeoutMs },
    async () => {
      const [first, second] = recordIds as [number, number];
      for (const [signal, record] of [
        ['SIGTERM', first],
        ['SIGINT', second],
      ] as const) {
        const viewsBefore = await readDatabase(dataDir, (db) => viewsOf(db, record));
        // A flush interval longer than the test: only the shutdown can write the view.
        server = await startServer(dataDir, { RECORD_VIEWS_FLUSH_MS: '3600000' });
        await callInfo(server, 'loadDetail', { n1: record });
        await stop(server, signal);
        expect(server.process.exitCode).toBe(0);
        server = undefined;
        expect(await readDatabase(dataDir, (db) => viewsOf(db, record))).toBe(viewsBefore + 1);
      }
    },
  );

  it(
    'answers a request in flight on a kept-alive connection with Connection: close and exits at once on SIGTERM',
    { timeout: 3 * startTimeoutMs },
    async () => {
      const record = recordIds[3] as number;
      const viewsBefore = await readDatabase(dataDir, (db) => viewsOf(db, record));
      // A keep-alive timeout far longer than the test's limit: only closing the connection lets it exit in time.
      server = await startServer(dataDir, {
        RECORD_VIEWS_FLUSH_MS: '3600000',
        KEEP_ALIVE_TIMEOUT_MS: '600000',
        LOG_LEVEL: 'info',
      });
      const { hostname, port } = new URL(server.url);
      const socket = net.connect(Number(port), hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      // The request is in flight when the signal comes: its body is not all there yet.
      const body = JSON.stringify({ n1: record });
      socket.write(
        `POST /api/info/loadDetail HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 4)}`,
      );
      // An answer on another connection, asked after those bytes were sent: by then the server has read them.
      expect((await fetch(`${server.url}/api/v1/carousels`)).status).toBe(200);
      const exited = new Promise((resolve) => server!.process.once('exit', resolve));
      server.process.kill('SIGTERM');
      await waitForOutput(server, /shutting down/);
      socket.write(body.slice(4));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer.toLowerCase()).toContain('connection: close');
      // Well before the keep-alive timeout (600 s): the process does not wait for the idle connection.
      await exited;
      expect(server.process.exitCode).toBe(0);
      server = undefined;
      // The view the request counted was buffered, and the stop wrote it.
      expect(await readDatabase(dataDir, (db) => viewsOf(db, record))).toBe(viewsBefore + 1);
    },
  );
});
