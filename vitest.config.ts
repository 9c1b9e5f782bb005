import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files whose outcome cannot depend on the database server: no database, or only the embedded
 * one by design. The run on PostgreSQL (`TEST_DATABASE_URL`, scripts/with-postgres.mjs) leaves them
 * to the PGlite run instead of running them twice (decision 0278).
 */
const databaseIndependentTests = [
  'packages/contracts/src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'apps/server/src/config/**/*.test.ts',
  // Git history and files of the migrations folder.
  'apps/server/src/platform/database/check-migration-history.test.ts',
  // The embedded database's data folder and its lock.
  'apps/server/src/platform/database/data-folder-lock.test.ts',
  'apps/server/src/platform/database/seed-files.test.ts',
  // Drizzle's result parsers on the embedded database's client, and its planner settings.
  'apps/server/src/platform/database/embedded-drizzle-client.test.ts',
  'apps/server/src/platform/database/embedded-planner-settings.test.ts',
  // Connection time limits of the HTTP server; the web build's scripts.
  'apps/server/src/platform/http/server-timeouts.test.ts',
  'apps/server/src/platform/http/cache-control.test.ts',
  'apps/server/src/platform/http/error-handler.test.ts',
  'apps/server/src/platform/http/request-log.test.ts',
  'apps/server/src/platform/ssr/page-javascript.test.ts',
  'apps/server/src/platform/ssr/page-cache.test.ts',
  // Pure functions: HTML sanitising, mail rendering, search text, file storage, parsers, seeds.
  'apps/server/src/platform/html/**/*.test.ts',
  'apps/server/src/platform/mail/render-mail.test.ts',
  'apps/server/src/platform/search/normalise-search-text.test.ts',
  'apps/server/src/platform/storage/file-storage.test.ts',
  'apps/server/src/platform/sitemap/sitemap-plugin.test.ts',
  'apps/server/src/reading-room/seed/**/*.test.ts',
  'apps/server/src/records/pesticides/parse-pesticide-csv.test.ts',
  'apps/server/src/records/search/record-search-entry.test.ts',
  'apps/server/src/records/search/search-result-cache.test.ts',
  'apps/server/src/records/seed/records-seed.test.ts',
  // The command-line tools' own checks: each opens an embedded data folder under its lock.
  'apps/server/src/accounts/create-admin-cli.test.ts',
  'apps/server/src/records/import-pesticides-cli.test.ts',
];

/**
 * Server test files the test command runs in its PostgreSQL stage only (`TEST_POSTGRES_STAGE_BESIDE`,
 * set by scripts/test.mjs for its PGlite stage), where they cost about half; run alone, they run on
 * PGlite as every other file does. Test apps on PostgreSQL refuse a query outside its open
 * transaction, the one thing only the embedded database's single connection would catch
 * (decisions 0332, 0333).
 */
const postgresStageTests = [
  // Who may call what is decided by the matched route and the person's roles, not by the database.
  'apps/server/src/authorisation-matrix.test.ts',
  // Migrations' SQL and data moves on older databases (on a new PostgreSQL database each).
  'apps/server/src/platform/database/migrations-on-older-databases.test.ts',
  // Each feature's rules through HTTP.
  'apps/server/src/{accounts,catalogue,consultation,contact,discussion,downloads,reading-room,records,site}/**/*.test.ts',
];
/** Feature test files that stay in the PGlite stage: the database-independent ones run there only. */
const pgliteStageFeatureTests = databaseIndependentTests;

/** The web app's test files (the `web` and `web-isolated` projects). */
export const webTests = ['apps/web/app/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'];
/**
 * Web test files that replace modules, globals or timers (vi.mock, vi.stubGlobal, vi.useFakeTimers) keep
 * a module graph and a DOM of their own: with a shared graph a mock may not reach a module another file
 * loaded first. `scripts/isolated-web-tests.test.ts` fails when a file that does so is missing here.
 */
export const webTestsIsolated = [
  'apps/web/app/entry.server.test.tsx',
  'apps/web/app/accounts/member-session.test.ts',
  'apps/web/app/accounts/sign-out-form.test.tsx',
  'apps/web/app/shell/banner-slider.test.tsx',
  'apps/web/app/shell/site-header-feedback.test.tsx',
  'apps/web/app/ui/modal.test.tsx',
];

/** What both web projects run in: a DOM, each test's rendering unmounted after it, no CSS. */
const webEnvironment = { environment: 'happy-dom' as const, setupFiles: ['apps/web/app/test/setup.ts'], css: false };

/** The files of `patterns` (globs from the repository root) that none of `kept` names. */
function withoutFiles(patterns: string[], kept: string[]): string[] {
  const cwd = path.dirname(fileURLToPath(import.meta.url));
  const keptFiles = new Set(fs.globSync(kept, { cwd }));
  return fs.globSync(patterns, { cwd }).filter((file) => !keptFiles.has(file));
}

// Separate from the web app's Vite config: no React Router plugin in unit and component tests.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? databaseIndependentTests : []),
            ...(process.env.TEST_POSTGRES_STAGE_BESIDE
              ? withoutFiles(postgresStageTests, pgliteStageFeatureTests)
              : []),
          ],
          environment: 'node',
          // One module graph per worker instead of per file (decision 0077): the app's modules are
          // imported once, not 74 times. Safe because server tests share no module state: nothing is
          // mocked or stubbed, and every test builds its own app, database and data folder.
          isolate: false,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // For a busy two-core machine (decision 0356): a passing test takes no longer for it.
          testTimeout: 60_000,
          // beforeAll builds a whole app (migrations, demo content): seconds when idle, far more
          // on a busy two-core runner with test files in parallel.
          hookTimeout: 180_000,
          // expect.poll waits for background work (jobs, mail, pushes): 1 s by default, which a niced
          // test process on a busy machine can spend before its job even starts.
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: webTests,
          exclude: [...configDefaults.exclude, ...webTestsIsolated],
          ...webEnvironment,
          // One module graph and one DOM per worker (decision 0460): a fresh one per file was four fifths
          // of this project's processor time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          include: webTestsIsolated,
          ...webEnvironment,
        },
      },
    ],
  },
});
