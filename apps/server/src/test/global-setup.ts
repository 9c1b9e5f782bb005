import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/database/database';
import { installJobSchema } from '../platform/jobs/background-jobs';

/** A migrated, empty database that buildTestApp copies instead of migrating from scratch. */
export type DatabaseTemplate = { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Runs once before the server tests: applies the migrations and installs the job queue's tables
 * in one template database (in a temporary folder for PGlite, on the TEST_DATABASE_URL server for
 * PostgreSQL). Creating and migrating a fresh PGlite database takes seconds; copying the template
 * takes a fraction.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const database = `test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    // The template must have no open connection while databases are copied from it.
    const handle = await openDatabase({ databaseUrl: url.href, pgliteDir: '' });
    await installJobSchema(handle, url.href);
    await handle.close();
    project.provide('databaseTemplate', { driver: 'postgres', database });
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    };
  }

  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-db-template-'));
  const dataDir = path.join(root, 'db');
  const handle = await openDatabase({ pgliteDir: dataDir });
  await installJobSchema(handle);
  await handle.close();
  project.provide('databaseTemplate', { driver: 'pglite', dataDir });
  return () => fs.rm(root, { recursive: true, force: true });
}
