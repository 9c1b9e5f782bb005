import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { seedRuns } from './seed-runs.schema';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Several servers started at once on one empty PostgreSQL database: each migrates
 * and seeds under the start-up lock, so the second waits and then finds the work done. Without it,
 * three of four simultaneous starts crashed on `CREATE TABLE` of the same table.
 */
describe.skipIf(!serverUrl)('servers starting together on one empty database', () => {
  const cleanUps: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('all start; the migrations and each seed set run once', async () => {
    const name = `startup_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanUps.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const starts = await Promise.allSettled(
      [1, 2, 3].map(async (n) => {
        const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `pest-startup-${n}-`));
        cleanUps.push(() => fs.rm(dataDir, { recursive: true, force: true }));
        const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url.href, LOG_LEVEL: 'silent' });
        const app = await buildApp({ env, web: false, logger: false });
        cleanUps.push(() => app.close());
        return app;
      }),
    );
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
    const [first] = starts.map((start) => (start.status === 'fulfilled' ? start.value : null));
    const migrations = (await first!.db.execute(
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    )) as {
      rows: Array<{ count: number }>;
    };
    const journal = JSON.parse(
      await fs.readFile(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    expect(migrations.rows[0]?.count).toBe(journal.entries.length);
    const seeds = await first!.db.select().from(seedRuns);
    expect(new Set(seeds.map((seed) => seed.name)).size).toBe(seeds.length);
    expect(seeds.length).toBeGreaterThan(0);
  }, 240_000);
});
