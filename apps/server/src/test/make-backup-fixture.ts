// Makes the committed backup of release 0.1.0 that the upgrade test restores
// (apps/server/src/platform/backup/fixtures/release-0.1.0, decision 0321):
//   node --import tsx apps/server/src/test/make-backup-fixture.ts
// Run only when cutting a release whose backup a later test should restore; never rewrite an
// existing release's fixture. An empty embedded database without demo content, a few rows of
// each kind, written with --portable so it is a few KB.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { appVersion } from '../platform/backup/backup-manifest';
import { writeBackup } from '../platform/backup/write-backup';
import { makeBackupContent } from './backup-content';

const version = await appVersion();
const target = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../platform/backup/fixtures',
  `release-${version}`,
);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-fixture-'));
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_CONTENT: 'false' });
const app = await buildApp({ env, web: false, logger: false });
await makeBackupContent(app);
await app.close();
await writeBackup(env, target, { portable: true });
await fs.rm(dataDir, { recursive: true, force: true });
console.log(`wrote ${target}`);
