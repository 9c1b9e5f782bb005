#!/usr/bin/env node
// The type check of every TypeScript project and every lint rule (`npm run lint`) in one oxlint pass
// (decision 0445): oxlint's rules (`oxlint.config.ts`) and, through tsgolint, each tsconfig's program on
// TypeScript 7 for the compiler's diagnostics (`--type-check`) and the rules that need types.
// Usage: node scripts/lint.mjs [folder ...] (the whole repository by default).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.slice(2);
const oxlint = path.join(repoRoot, 'node_modules/oxlint/bin/oxlint');
const reactRouter = path.join(repoRoot, 'node_modules/@react-router/dev/bin.js');

function run(file, args, cwd = repoRoot) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`could not run ${file}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The route modules' types (`./+types/…`) are generated files, made before the web app is checked.
if (folders.length === 0 || folders.some((folder) => folder.startsWith('apps/web'))) {
  const typegen = await run(process.execPath, [reactRouter, 'typegen'], path.join(repoRoot, 'apps/web'));
  if (typegen !== 0) process.exit(typegen);
}

const code = await run(process.execPath, [oxlint, '--type-aware', '--type-check', '--deny-warnings', ...folders]);
if (code === 0) console.log('✓ types and lint rules checked');
process.exit(code);
