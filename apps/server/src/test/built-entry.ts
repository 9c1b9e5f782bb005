import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDir } from '../../../../scripts/build-server.mjs';

/** Entries of the server that tests start as processes of their own. */
const testEntries = {
  'start-api-only': fileURLToPath(new URL('./start-api-only.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../worker.ts', import.meta.url)),
};

let built: Promise<string> | undefined;

/**
 * The path of a server entry bundled as production bundles it (scripts/build-server.mjs), made once
 * per test process: a process started from it takes about two thirds of the processor time one
 * started through tsx does, which compiles every module at each start (decision 0356).
 */
export async function builtEntry(name: keyof typeof testEntries): Promise<string> {
  built ??= (async () => {
    // Inside apps/server like apps/server/dist, so the bundle finds node_modules the same way.
    const outdir = path.join(serverDir, `dist-test-${process.pid}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    await buildServer({ outdir, logLevel: 'silent', entryPoints: testEntries });
    return outdir;
  })();
  return path.join(await built, `${name}.js`);
}
