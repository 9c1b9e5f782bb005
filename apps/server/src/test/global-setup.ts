import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { openDatabase } from '../platform/database/database';
import { installJobSchema } from '../platform/jobs/background-jobs';
import { copyFolder } from './copy-folder';

/**
 * The databases buildTestApp copies instead of migrating (and seeding) from scratch: one migrated
 * and empty, one with the demo content applied, whose stored files (`seededFiles`) are copied too.
 */
export type DatabaseTemplate = { seededFiles: string } & (
  | { driver: 'pglite'; dataDir: string; seededDataDir: string }
  | { driver: 'postgres'; database: string; seededDatabase: string }
);

/**
 * Applies the demo content once, as a fresh install does on its first start (buildApp with
 * SEED_DEMO_CONTENT): seeding draws pictures, clips and PDFs, 8–12 s of CPU per app, which most
 * test files used to pay each (decision 0086).
 */
async function seedTemplate(dataDir: string, databaseUrl?: string): Promise<void> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_CONTENT: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ env, web: false, logger: false });
  await app.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Runs once before the server tests: applies the migrations and installs the job queue's tables
 * in one template database (in a temporary folder for PGlite, on the TEST_DATABASE_URL server for
 * PostgreSQL) and the demo content to a copy of it. Creating and migrating a fresh PGlite database
 * takes seconds, seeding it many more; copying a template takes a fraction.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const database = `test_template_${process.pid}`;
    const seededDatabase = `test_template_seeded_${process.pid}`;
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-db-template-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const dropTemplates = async (client: InstanceType<typeof pg.Client>) => {
      for (const name of [seededDatabase, database]) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    await dropTemplates(admin);
    await admin.query(`CREATE DATABASE ${database}`);
    const urlOf = (name: string) => {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.href;
    };
    // A template must have no open connection while databases are copied from it.
    const handle = await openDatabase({ databaseUrl: urlOf(database), pgliteDir: '' });
    await installJobSchema(handle, urlOf(database));
    await handle.close();
    await admin.query(`CREATE DATABASE ${seededDatabase} TEMPLATE ${database}`);
    await admin.end();
    await seedTemplate(root, urlOf(seededDatabase));
    project.provide('databaseTemplate', {
      driver: 'postgres',
      database,
      seededDatabase,
      seededFiles: path.join(root, 'files'),
    });
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await dropTemplates(client);
      await client.end();
      await fs.rm(root, { recursive: true, force: true });
    };
  }

  // `npm test` names this folder (scripts/test.mjs, decision 0088): the first vitest process to get
  // here makes the templates, another waits for them, the end-to-end servers start on a copy of the
  // seeded one (decision 0446), and the script removes the folder at the end.
  const sharedRoot = process.env.TEST_PGLITE_TEMPLATE_DIR;
  const root = sharedRoot ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'pest-db-template-')));
  const dataDir = path.join(root, 'empty', 'db');
  const seededRoot = path.join(root, 'seeded');
  const made = path.join(root, 'made');
  if (sharedRoot && !(await claim(sharedRoot))) {
    const deadline = Date.now() + 600_000;
    while (!existsSync(made)) {
      if (Date.now() > deadline) throw new Error(`The other vitest process never made the templates in ${root}.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } else {
    const handle = await openDatabase({ pgliteDir: dataDir });
    await installJobSchema(handle);
    await handle.close();
    await copyFolder(dataDir, path.join(seededRoot, 'db'));
    await seedTemplate(seededRoot);
    await fs.writeFile(made, '');
  }
  project.provide('databaseTemplate', {
    driver: 'pglite',
    dataDir,
    seededDataDir: path.join(seededRoot, 'db'),
    seededFiles: path.join(seededRoot, 'files'),
  });
  return sharedRoot ? undefined : () => fs.rm(root, { recursive: true, force: true });
}

/** Makes the folder; false when another process made it first. */
async function claim(folder: string): Promise<boolean> {
  try {
    await fs.mkdir(folder);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
