import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/database/database';
import { installJobSchema } from '../platform/jobs/background-jobs';
import { makePgliteTemplates, pgliteTemplateFolders, seedTemplate } from './make-pglite-templates';

/**
 * The databases buildTestApp copies instead of migrating (and seeding) from scratch: one migrated
 * and empty, one with the demo content applied, whose stored files (`seededFiles`) are copied too.
 */
export type DatabaseTemplate = { seededFiles: string } & (
  | { driver: 'pglite'; dataDir: string; seededDataDir: string }
  | { driver: 'postgres'; database: string; seededDatabase: string }
);

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

  // `npm test` names this folder and makes the templates in it in a stage of its own (scripts/test.mjs,
  // decisions 0088, 0455): a vitest process that finds the folder made by another waits for them, the
  // end-to-end servers start on a copy of the seeded one (decision 0446), and the script removes the
  // folder at the end.
  const sharedRoot = process.env.TEST_PGLITE_TEMPLATE_DIR;
  const root = sharedRoot ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'pest-db-template-')));
  const folders = pgliteTemplateFolders(root);
  if (sharedRoot && !(await claim(sharedRoot))) {
    const deadline = Date.now() + 600_000;
    while (!existsSync(folders.made)) {
      if (Date.now() > deadline) throw new Error(`The templates in ${root} were never made.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } else {
    await makePgliteTemplates(root);
  }
  project.provide('databaseTemplate', {
    driver: 'pglite',
    dataDir: folders.dataDir,
    seededDataDir: folders.seededDataDir,
    seededFiles: folders.seededFiles,
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
