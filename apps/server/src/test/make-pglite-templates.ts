import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { openDatabase } from '../platform/database/database';
import { installJobSchema } from '../platform/jobs/background-jobs';
import { copyFolder } from './copy-folder';

/** The PGlite templates' folders inside their root (global-setup.ts provides them to the tests). */
export function pgliteTemplateFolders(root: string) {
  const seededRoot = path.join(root, 'seeded');
  return {
    dataDir: path.join(root, 'empty', 'db'),
    seededRoot,
    seededDataDir: path.join(seededRoot, 'db'),
    seededFiles: path.join(seededRoot, 'files'),
    /** Written last: whoever waits for the templates waits for this file. */
    made: path.join(root, 'made'),
  };
}

/**
 * Applies the demo content once, as a fresh install does on its first start (buildApp with
 * SEED_DEMO_CONTENT): seeding draws pictures, clips and PDFs, 8–12 s of CPU per app, which most
 * test files used to pay each (decision 0086).
 */
export async function seedTemplate(dataDir: string, databaseUrl?: string): Promise<void> {
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

/**
 * Makes the two PGlite templates in `root`: one migrated with the job queue's tables, and a copy of it
 * with the demo content applied; writes `made` last.
 */
export async function makePgliteTemplates(root: string): Promise<void> {
  const folders = pgliteTemplateFolders(root);
  const handle = await openDatabase({ pgliteDir: folders.dataDir });
  await installJobSchema(handle);
  await handle.close();
  await copyFolder(folders.dataDir, folders.seededDataDir);
  await seedTemplate(folders.seededRoot);
  await fs.writeFile(folders.made, '');
}

// `npm test` makes the templates in a stage of its own, before the vitest and browser stages need them
// (scripts/test.mjs, decision 0455): node --import tsx apps/server/src/test/make-pglite-templates.ts <root>
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2];
  if (!root) throw new Error('Usage: make-pglite-templates.ts <folder>');
  const began = Date.now();
  await makePgliteTemplates(root);
  console.log(`PGlite templates made in ${root} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}
