import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));

export interface WebBuild {
  dir: string;
  /** Removes the build when this helper made it. */
  remove(): Promise<void>;
}

/**
 * Set by `npm test` (scripts/test.mjs), which runs the production build beside the vitest runs: a
 * file it writes once that build has passed (decision 0088). Tests wait for it instead of making
 * a private build each on a clean clone, or reading the shared one while it is being rewritten.
 */
const readyFile = process.env.WEB_BUILD_READY_FILE;

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`The web build did not finish within ${timeoutMs / 1000} s (${file}).`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * A production build of the web app for tests that serve pages (`buildTestApp(..., { web: true })`):
 * the one `npm run build` made when there is one, otherwise a private one made now (a few
 * seconds; inside apps/web so its imports resolve), so the test runs on a clean clone too. Under
 * `npm test`, the one its build stage makes, once it is done.
 */
export async function webBuildForTests(): Promise<WebBuild> {
  const shared = path.join(webDir, 'build');
  if (readyFile) {
    // Within the hooks' 180 s (vitest.config.ts), with room for the app the test builds next.
    await waitForFile(readyFile, 150_000);
    return { dir: shared, remove: async () => undefined };
  }
  if (existsSync(path.join(shared, 'server', 'index.js')) && existsSync(path.join(shared, 'client', 'assets'))) {
    return { dir: shared, remove: async () => undefined };
  }
  const dir = path.join(webDir, `build-test-${process.pid}-${Date.now()}`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: webDir,
    env: { ...process.env, WEB_BUILD_DIR: dir, BASE_PATH: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
