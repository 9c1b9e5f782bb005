#!/usr/bin/env node
// `npm run test:changed [-- <git ref>]`: the development loop's test run. The vitest tests that
// import what changed since the ref (vitest's --changed; by default the uncommitted changes), then
// the browser tests of the features whose folders changed, each at its width (decision 0331),
// against a fresh production build. `npm test` stays the whole run (decision 0334).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2];

/** The browser specs of each feature folder (apps/web/app/<folder>, apps/server/src/<folder>). */
const specsOfFeature = {
  accounts: ['accounts'],
  admin: ['admin'],
  catalogue: ['storefront', 'catalogue-reorder'],
  consultation: [
    'consultation-advisory',
    'consultation-desk',
    'consultation-form',
    'consultation-wizard',
    'consultation-wizard-admin',
  ],
  contact: ['contact'],
  discussion: ['discussion'],
  downloads: ['downloads'],
  'reading-room': ['reading-room', 'reading-room-admin', 'reading-room-files', 'reading-room-items-admin'],
  records: ['records', 'records-editing', 'pesticide-import', 'phone-pages'],
  shell: ['site-shell', 'site-links', 'wide-screen-pages'],
  site: ['site-shell', 'site-links'],
};

function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function git(args) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

const changed = [
  ...git(['diff', '--name-only', ...(base ? [base] : ['HEAD'])]),
  ...git(['ls-files', '--others', '--exclude-standard']),
];
if (changed.length === 0) {
  console.log(`Nothing changed since ${base ?? 'the last commit'}.`);
  process.exit(0);
}

run('npx', ['vitest', 'run', '--changed', ...(base ? [base] : [])]);

const specs = new Set();
for (const file of changed) {
  const spec = /^e2e\/tests\/(.+)\.spec\.ts$/.exec(file)?.[1];
  if (spec) specs.add(spec);
  const folder = /^apps\/(?:web\/app|server\/src)\/([^/]+)\//.exec(file)?.[1];
  for (const name of specsOfFeature[folder] ?? []) specs.add(name);
}
if (specs.size === 0) {
  console.log('No feature folder or browser test changed: no browser tests to run (npm test runs them all).');
  process.exit(0);
}
run('npm', ['run', 'build']);
run('npm', ['run', 'test', '--workspace', 'e2e', '--', ...[...specs].map((name) => `tests/${name}.spec.ts`)]);
