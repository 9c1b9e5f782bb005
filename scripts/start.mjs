#!/usr/bin/env node
// Starts the built server in production mode (npm run serve; npm start builds first). The one
// place for what production start needs before the server's modules load; the server runs in
// this same process, so signals reach it directly.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/start.mjs` starts the server; `node scripts/start.mjs worker` the job worker (npm run
// worker); `node scripts/start.mjs seed` only applies the demo content, as the server's start does
// first, and exits (the end-to-end tests seed one folder that way and copy it).
const seedEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'seed-demo-content.js');
const entries = {
  server: path.join(repoRoot, 'apps', 'server', 'dist', 'main.js'),
  worker: path.join(repoRoot, 'apps', 'server', 'dist', 'worker.js'),
  seed: seedEntry,
};
const entry = entries[process.argv[2] ?? 'server'];
if (!entry) {
  console.error(`usage: node scripts/start.mjs [${Object.keys(entries).join('|')}]`);
  process.exit(2);
}

// `npm run serve:postgres` starts without --optimize-for-size, which only a server on PostgreSQL has the
// memory for (decision 0459): on the embedded database its RSS would pass 400 MiB.
if (process.env.npm_lifecycle_event === 'serve:postgres' && !process.env.DATABASE_URL) {
  console.error('`npm run serve:postgres` needs DATABASE_URL; on the embedded database start `npm run serve`.');
  process.exit(1);
}

// npm puts the Node 24 of node_modules/.bin (the `node` devDependency, decision 0071) first on the
// path of every script; a bare `node scripts/start.mjs` may find an older system Node instead.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node.js ${process.versions.node} is too old for the server (it needs 24). Start it through npm ` +
      '(`npm start`, `npm run serve`), or run `node_modules/.bin/node scripts/start.mjs`.',
  );
  process.exit(1);
}
if (!fs.existsSync(entry)) {
  console.error('No built server in apps/server/dist: run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

process.env.NODE_ENV = 'production';
// Stack traces point into the TypeScript sources (the build writes source maps).
process.setSourceMapsEnabled(true);

/**
 * Demo content is applied in a child process of its own (decision 0085), with this process's Node
 * flags, before the server opens the database: what seeding loads and grows (pdf-lib, mediabunny,
 * fonts, the embedded database's WebAssembly memory) leaves with it. It finds nothing to do once
 * every seed set has been applied, or with SEED_DEMO_CONTENT=false. A stop signal meanwhile is
 * passed on, and this process exits with the child.
 */
function seedDemoContent() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, seedEntry], { stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
    child.once('exit', (code, signal) => {
      for (const stop of ['SIGINT', 'SIGTERM']) process.off(stop, forward);
      resolve(signal ? 128 + (os.constants.signals[signal] ?? 1) : (code ?? 1));
    });
  });
}

/**
 * The child is skipped when it has already run to the end for this data folder with this very
 * build and these settings (a restart): a note in DATA_DIR, keyed by the seed bundle's bytes,
 * SEED_DEMO_CONTENT and DATABASE_URL. It only saves the child's opening of the database: the
 * server applies whatever seed set is still pending itself (for instance after the database was
 * replaced), in its own process.
 */
const seededNote = path.join(path.resolve(process.env.DATA_DIR ?? './data'), '.demo-content-applied');
function seedKey() {
  return createHash('sha256')
    .update(fs.readFileSync(seedEntry))
    .update(`\0${process.env.SEED_DEMO_CONTENT ?? ''}\0${process.env.DATABASE_URL ?? ''}`)
    .digest('hex');
}
const readNote = () => {
  try {
    return fs.readFileSync(seededNote, 'utf8').trim();
  } catch {
    return null;
  }
};

// SEED_DEMO_CONTENT=false (a production site): the child would load the whole app only to find
// nothing to do, so it is not started at all.
const seedingOff = ['false', '0', 'no'].includes(process.env.SEED_DEMO_CONTENT ?? '');
if ((entry === entries.server && !seedingOff) || entry === entries.seed) {
  const key = seedKey();
  if (readNote() !== key) {
    const code = await seedDemoContent();
    if (code !== 0) process.exit(code);
    fs.mkdirSync(path.dirname(seededNote), { recursive: true });
    fs.writeFileSync(seededNote, `${key}\n`);
  }
  if (entry === entries.seed) process.exit(0);
}
await import(pathToFileURL(entry).href);
