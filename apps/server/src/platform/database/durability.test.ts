import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { carouselsResponse } from '@pest/contracts';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carousels } from '../../site/schema';
import { openDatabase } from './database';
import { seedRuns } from './seed-runs.schema';

const serverScript = fileURLToPath(new URL('../../test/start-api-only.ts', import.meta.url));

// A first start migrates and applies all demo content: seconds on an idle machine, but
// generous limits keep a busy CI runner from failing the test.
const startTimeoutMs = 150_000;

interface RunningServer {
  process: ChildProcess;
  url: string;
}

/** Starts the real server as its own process on the embedded database in dataDir. */
function startServer(dataDir: string): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
        resolve({ process: child, url: match[1] });
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
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-durability-'));
  });
  afterEach(async () => {
    if (server) await stop(server, 'SIGKILL');
    server = undefined;
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it(
    'keeps committed data through a SIGKILL and does not apply the demo content again',
    { timeout: 3 * startTimeoutMs },
    async () => {
      server = await startServer(dataDir);
      const seeded = await getCarousels(server);
      expect(seeded).toHaveLength(3);

      await stop(server, 'SIGKILL');
      const killedAt = new Date();

      server = await startServer(dataDir);
      expect(await getCarousels(server)).toEqual(seeded);
      const picture = await fetch(`${server.url}/files/public/${seeded[0]?.pic}`);
      expect(picture.status).toBe(200);
      await stop(server, 'SIGTERM');
      server = undefined;

      // Everything in the database was written by the first process, none of it by the second.
      const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      try {
        const runs = await handle.db.select().from(seedRuns);
        expect(runs.length).toBeGreaterThan(0);
        for (const run of runs) expect(run.appliedAt.getTime()).toBeLessThan(killedAt.getTime());
        const rows = await handle.db.select().from(carousels).orderBy(asc(carousels.id));
        expect(rows.map((row) => row.id)).toEqual(seeded.map((slide) => slide.id));
        for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(killedAt.getTime());
      } finally {
        await handle.close();
      }
    },
  );
});
