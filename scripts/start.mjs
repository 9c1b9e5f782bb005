#!/usr/bin/env node
// Starts the built server in production mode (npm run serve; npm start builds first). The one
// place for what production start needs before the server's modules load; the server runs in
// this same process, so signals reach it directly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/start.mjs` starts the server; `node scripts/start.mjs worker` the job worker (npm run worker).
const entries = {
  server: path.join(repoRoot, 'apps', 'server', 'dist', 'main.js'),
  worker: path.join(repoRoot, 'apps', 'server', 'dist', 'worker.js'),
};
const entry = entries[process.argv[2] ?? 'server'];
if (!entry) {
  console.error(`usage: node scripts/start.mjs [${Object.keys(entries).join('|')}]`);
  process.exit(2);
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

await import(pathToFileURL(entry).href);
