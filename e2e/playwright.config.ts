import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { mailboxPort, smtpPort } from './support/smtp-peer-ports';
import type { AppServer, SeedOnce } from './support/start-servers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A port of its own, so a development server on 3000 is never reused or disturbed. */
export const testPort = Number(process.env.E2E_PORT ?? 3210);
/** Made anew for each run from demo content seeded into an empty folder, as a fresh install's first start does. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'pest-e2e-data');
const baseURL = `http://127.0.0.1:${testPort}`;
/** A second server, built and served under a sub-path (tests/base-path.spec.ts). */
export const basePathPort = testPort + 2;
export const basePath = '/pest';
const basePathDataDir = `${dataDir}-base-path`;
/**
 * A third server with what some specs need in the database before the first request
 * (support/start-fixture-server.ts): a Google tag, an expert, editors, submitted consultation
 * cases, the discussion's demo identity provider (tests/analytics, consultation-desk, contact,
 * discussion).
 */
export const fixturePort = testPort + 4;
const fixtureDataDir = `${dataDir}-fixtures`;
// Inside the repository, so the server bundle resolves its packages from node_modules.
const basePathBuildDir = path.join(repoRoot, 'apps', 'web', 'build-base-path');

const serverEnv = {
  NODE_ENV: 'production',
  // The embedded database in DATA_DIR, whatever the calling shell has set.
  DATABASE_URL: '',
  BASE_PATH: '',
  SEED_DEMO_CONTENT: 'true',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  FEEDBACK_FORM_URL: 'https://forms.gle/pest-feedback-e2e',
  // Every test is the same client (127.0.0.1): the budgets of decision 0065 would limit the suite.
  RATE_LIMIT_PAGE_MAX: '100000',
  RATE_LIMIT_API_MAX: '100000',
  RATE_LIMIT_FILES_MAX: '100000',
  RATE_LIMIT_SUGGEST_MAX: '100000',
  RATE_LIMIT_FORM_MAX: '100000',
  RATE_LIMIT_LOGIN_MAX: '100000',
  RATE_LIMIT_LOOKUP_MAX: '100000',
  // The accounts tests fail sign-ins on purpose; every test signs in from 127.0.0.1, which would
  // then need the robot check for all of them (the server tests check that one, decision 0295).
  LOGIN_ROBOT_CHECK_CLIENT_FAILURES: '100000',
  // The overload guard (decision 0381) has its own server test; here a machine busy with the other
  // test stages would make a page render answer 503 at random.
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  // Mails go to the SMTP peer below, sent at once: a new job wakes the workers through NOTIFY. The poll
  // (JOBS_POLL_SECONDS, 5 s) only finds retries and delayed jobs; polling every half second cost each
  // server 4 % of a core for the whole stage (decision 0449).
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
};

/**
 * Where the main server's start command leaves each project's one-time link to set its admin's
 * password (npm run admin:create, run before the server opens the data folder): tests/admin.spec.ts.
 */
export const adminLinkFile = (project: string) => path.join(dataDir, `admin-link-${project}.txt`);
const createAdmins = ['mobile', 'desktop']
  .map(
    (project) =>
      `node apps/server/dist/admin-create.js --email e2e-admin-${project}@example.org --account e2eadmin${project} --name 測試管理者 > '${adminLinkFile(project)}'`,
  )
  .join(' && ');

/**
 * Where start-servers.ts says that every application server is ready. Ports in use from E2E_PORT:
 * +0, +2, +3 and +4 here, +5 the consultation form's kill test, +10 and +11 the SMTP peer.
 */
const serversReadyPort = testPort + 3;

/** The application servers (e2e/support/start-servers.ts starts them side by side). */
const appServers: AppServer[] = [
  {
    name: 'main',
    // The built server exactly as production runs it (npm run build comes first: web and server).
    servesWebBuild: true,
    dataDir,
    command: `${createAdmins} && exec node scripts/start.mjs`,
    url: `${baseURL}/api/v1/system-settings/1`,
    env: { ...serverEnv, PORT: String(testPort), DATA_DIR: dataDir, PUBLIC_URL: baseURL },
  },
  {
    name: 'base-path',
    before: `rm -rf '${basePathBuildDir}' && npm run build --workspace apps/web > /dev/null`,
    dataDir: basePathDataDir,
    command: 'exec node scripts/start.mjs',
    url: `http://127.0.0.1:${basePathPort}${basePath}/api/v1/system-settings/1`,
    env: {
      ...serverEnv,
      PORT: String(basePathPort),
      DATA_DIR: basePathDataDir,
      BASE_PATH: basePath,
      PUBLIC_URL: `http://127.0.0.1:${basePathPort}${basePath}`,
      WEB_BUILD_DIR: basePathBuildDir,
      // Its tests read pages only: a web process without job workers, as beside `npm run worker` (decision 0449).
      JOBS: 'off',
    },
  },
  {
    name: 'fixtures',
    // A test fixture, not the production entry: it writes its fixtures before listening. Bundled
    // while the demo content is seeded, and started from JavaScript as the others are.
    before: 'node e2e/support/build-fixture-server.mjs',
    servesWebBuild: true,
    dataDir: fixtureDataDir,
    command: 'exec node --enable-source-maps apps/server/dist-test-e2e-fixtures/start-fixture-server.js',
    url: `http://127.0.0.1:${fixturePort}/api/v1/system-settings/1`,
    env: {
      ...serverEnv,
      // The demo identity provider: production allows it only where the public address is this machine.
      DISCUSSION_DEMO: 'true',
      PORT: String(fixturePort),
      DATA_DIR: fixtureDataDir,
      PUBLIC_URL: `http://127.0.0.1:${fixturePort}`,
    },
  },
];

/**
 * The demo content, applied once to an empty folder by the production seed command (as a fresh
 * install's first start does) and copied for each server.
 */
export const seededDataDir = `${dataDir}-seeded`;
const seedOnce: SeedOnce = {
  dataDir: seededDataDir,
  env: { ...serverEnv, PUBLIC_URL: baseURL },
};

/**
 * Debian's Chromium headless shell: the same Chromium build without the desktop browser's shell,
 * which cost a third of the browser tests' processor time (decision 0279). The full browser
 * where the shell is not installed.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const browserPath = fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: 'list',
  // Limits for a busy machine, not an idle one (decision 0356): a passing test takes no longer for
  // them, and a test must not fail because another process keeps a core busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    // The site honours reduced motion (styles/app.css): a toast fades in and out at once, so axe
    // never judges the contrast of a frame half-way through a fade; and the toasts the tests read
    // must still stay their 5 s (their timer is an animation too).
    reducedMotion: 'reduce',
    // A trace records every action with the page's snapshot, axe's 600 KB script included, for
    // every test, to keep the failing ones': about a fifth of the suite's time (decision 0091).
    // Off under `npm test` (CI is set); E2E_TRACE=1 keeps it for a re-run of a failing spec.
    trace: process.env.E2E_TRACE || !process.env.CI ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, not a downloaded browser: npm test installs it with apt-get.
      executablePath: browserPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Nothing leaves the machine: every host name but localhost fails to resolve (the servers
        // are addressed as 127.0.0.1). A request route doing the same made every request of every
        // test a round trip to the runner: about a tenth of a test's time (decision 0278).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: false },
      // The tests tagged `oneViewport` (fixtures.ts): staff journeys and what no screen size changes
      // (decisions 0079, 0331).
      grepInvert: /@one-viewport/,
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
      // The phone journeys (fixtures.ts) run at 360 px; their pages are opened here by
      // tests/wide-screen-pages.spec.ts (decision 0331).
      grepInvert: /@phone-journey/,
    },
  ],
  webServer: [
    {
      // A real SMTP server catching the servers' mails, read by the tests over HTTP (accounts.spec.ts).
      command: 'exec node --import tsx e2e/support/start-smtp-peer.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${mailboxPort}/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The application servers (appServers above), started side by side by one process on demo
      // content seeded once (decision 0087): Playwright starts its webServer entries one after
      // another. It answers `url` once all of them answer theirs.
      command: 'exec node --import tsx e2e/support/start-servers.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${serversReadyPort}/ready`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        E2E_SERVERS: JSON.stringify(appServers),
        E2E_SEED_ONCE: JSON.stringify(seedOnce),
        E2E_SERVERS_READY_PORT: String(serversReadyPort),
      },
    },
  ],
});
