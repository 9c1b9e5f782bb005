import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadEnv, type Env } from '../config/env';
import { copyFolder, linkFolder } from './copy-folder';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The environment it was built with (its DATABASE_URL, for a second app on the same database). */
  env: Env;
  /** Closes the app and builds it again on the same data folder and database, as a server restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the real application for `app.inject` tests: a fresh temporary data folder, the
 * embedded database there, or the PostgreSQL server named by TEST_DATABASE_URL (set by
 * scripts/with-postgres.mjs) — each test app gets its own freshly created database, a copy of
 * the migrated template made once per run by global-setup.ts, or of the seeded one (with its
 * stored files) unless SEED_DEMO_CONTENT is false.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: {
    web?: boolean;
    features?: BuildOptions['features'];
    logStream?: { write(line: string): void };
    /** On PostgreSQL, the address the app uses for its database (a relay the test can cut, test/tcp-proxy.ts). */
    databaseUrl?(url: string): string;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-test-'));
  const template = inject('databaseTemplate');
  // With demo content (the default), start from the seeded template: the app finds every seed applied.
  const seeded = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...overrides }).SEED_DEMO_CONTENT;
  if (template && seeded) await linkFolder(template.seededFiles, path.join(dataDir, 'files'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(
      template?.driver === 'postgres'
        ? `CREATE DATABASE ${name} TEMPLATE ${seeded ? template.seededDatabase : template.database}`
        : `CREATE DATABASE ${name}`,
    );
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else if (template?.driver === 'pglite') {
    await copyFolder(seeded ? template.seededDataDir : template.dataDir, path.join(dataDir, 'db'));
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // A busy test machine would refuse renders at random; the overload test turns it on (decision 0381).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // A niced test process on a busy machine may wait seconds for a file write: /readyz's parts get a
    // minute here (readiness.test.ts checks the time limit itself).
    READINESS_TIMEOUT_MS: '60000',
    ...(databaseUrl ? { DATABASE_URL: options.databaseUrl ? options.databaseUrl(databaseUrl) : databaseUrl } : {}),
    ...overrides,
  });
  const build = () =>
    buildApp({
      env,
      web: options.web ?? false,
      ...(options.features ? { features: options.features } : {}),
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    });
  const removeDatabaseAndFiles = async () => {
    await dropDatabase?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await build();
  } catch (error) {
    await removeDatabaseAndFiles();
    throw error;
  }
  const testApp: TestApp = {
    app,
    dataDir,
    env,
    async restart() {
      await testApp.app.close();
      testApp.app = await build();
    },
    async close() {
      await testApp.app.close();
      await removeDatabaseAndFiles();
    },
  };
  return testApp;
}
