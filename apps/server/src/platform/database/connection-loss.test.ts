import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL only: when the server ends the app's idle connections (a restart, an administrator,
 * `DROP DATABASE … WITH (FORCE)`), the pool reports the error; unheard, it ended the process
 * (vitest reports that as an unhandled error and fails the run).
 */
describe.skipIf(!serverUrl)('lost PostgreSQL connections', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  });
  afterAll(() => test?.close());

  it('the app keeps running and answers through a new connection', async () => {
    const settings = () => test.app.inject({ method: 'GET', url: '/api/v1/system-settings/1' });
    // The settings row a start makes with its defaults (decision 0342).
    expect((await settings()).statusCode).toBe(200);
    const result = (await test.app.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const database = result.rows[0]?.name;
    expect(database).toMatch(/^test_/);

    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      // The app's connections now; it may open new ones at once (the job queue polls), so wait
      // for these to be gone, not for the database to have none.
      const pids = (await admin.query('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
        (row: { pid: number }) => row.pid,
      );
      expect(pids.length).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)', [pids]);
      const remaining = async () =>
        Number((await admin.query('select count(*) from pg_stat_activity where pid = any($1)', [pids])).rows[0].count);
      while ((await remaining()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await admin.end();
    }
    // Let the pool hear of the closed connections before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await settings()).statusCode).toBe(200);
  });
});
