#!/usr/bin/env node
// Builds the server to JavaScript (decision 0070): production runs apps/server/dist/*.js with
// plain Node, never TypeScript through a loader.
//   apps/server/dist/main.js               the server (npm run serve, npm start)
//   apps/server/dist/worker.js             the job worker process (npm run worker, PostgreSQL only)
//   apps/server/dist/seed-demo-content.js  demo content, run by scripts/start.mjs before the server
//   apps/server/dist/import-pesticides.js  the pesticide import command (npm run import:pesticides)
//   apps/server/dist/admin-create.js       the first admin (npm run admin:create)
//   apps/server/dist/backup.js             a backup of the database and files (npm run backup)
//   apps/server/dist/restore.js            its restore (npm run restore)
// One esbuild bundle per entry. The server's own modules and the workspace packages (@pest/*,
// TypeScript sources without a build of their own) are bundled; every other package stays an
// import resolved from node_modules at run time, exactly as in development.
//
// Files read at run time (migrations in apps/server/drizzle, the web build, seed data, fonts) are
// found from each module's `import.meta.url`. In a bundle every module would share the bundle's
// URL, so each module's `import.meta.url` is rewritten to the URL of its source file, computed
// from the bundle's own location: relative paths stay true wherever the checkout lives.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(repoRoot, 'apps', 'server');

export const serverEntries = {
  main: path.join(serverDir, 'src', 'main.ts'),
  worker: path.join(serverDir, 'src', 'worker.ts'),
  'seed-demo-content': path.join(serverDir, 'src', 'seed-demo-content.ts'),
  'import-pesticides': path.join(serverDir, 'src', 'records', 'import-pesticides-cli.ts'),
  'admin-create': path.join(serverDir, 'src', 'accounts', 'create-admin-cli.ts'),
  backup: path.join(serverDir, 'src', 'platform', 'backup', 'backup-cli.ts'),
  restore: path.join(serverDir, 'src', 'platform', 'backup', 'restore-cli.ts'),
};

/** Packages of this repository: bundled, as they are TypeScript sources without a build. */
const workspacePackage = /^@pest\//;

/** Every other bare import (packages, node: built-ins) is left to Node at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (workspacePackage.test(args.path) || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Gives each bundled module the `import.meta.url` of its own source file (see above). */
function sourceImportMetaUrl(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.split(path.sep).includes('node_modules')) return undefined;
        const source = await fs.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
        const contents = source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        );
        return {
          contents,
          loader: path.extname(args.path).endsWith('x') ? 'tsx' : 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/**
 * Builds the server into `outdir` (default apps/server/dist); returns esbuild's result. Tests pass
 * entries of their own (apps/server/src/test/built-entry.ts).
 */
export async function buildServer({
  outdir = path.join(serverDir, 'dist'),
  logLevel = 'warning',
  entryPoints = serverEntries,
} = {}) {
  await fs.rm(outdir, { recursive: true, force: true });
  return esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Readable stack traces: scripts/start.mjs turns source maps on.
    sourcemap: true,
    sourcesContent: false,
    // Class and function names survive the bundle's renaming (logs and errors show them).
    keepNames: true,
    outExtension: { '.js': '.js' },
    plugins: [externalPackages, sourceImportMetaUrl(outdir)],
    logLevel,
    metafile: true,
  });
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const began = Date.now();
  await buildServer();
  console.log(`server built into ${path.relative(repoRoot, path.join(serverDir, 'dist'))} in ${Date.now() - began} ms`);
}
