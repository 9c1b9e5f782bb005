import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDir } from '../../../../scripts/build-server.mjs';

/** Entries of the server that tests start as processes of their own. */
const testEntries = {
  'start-api-only': fileURLToPath(new URL('./start-api-only.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../worker.ts', import.meta.url)),
};

const folderPrefix = 'dist-test-entries-';
let built: Promise<string> | undefined;

/**
 * The path of a server entry bundled as production bundles it (scripts/build-server.mjs), made once
 * per test process: a process started from it takes about two thirds of the processor time one
 * started through tsx does, which compiles every module at each start (decision 0356).
 */
export async function builtEntry(name: keyof typeof testEntries): Promise<string> {
  built ??= (async () => {
    removeFoldersOfEndedProcesses();
    // Inside apps/server like apps/server/dist, so the bundle finds node_modules the same way.
    const outdir = path.join(serverDir, `${folderPrefix}${process.pid}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    await buildServer({ outdir, logLevel: 'silent', entryPoints: testEntries });
    return outdir;
  })();
  return path.join(await built, `${name}.js`);
}

/** A test worker ended by its runner gets no 'exit' event: the next build removes what it left. */
function removeFoldersOfEndedProcesses() {
  for (const entry of fs.readdirSync(serverDir)) {
    if (!entry.startsWith(folderPrefix)) continue;
    const pid = Number(entry.slice(folderPrefix.length));
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) {
      fs.rmSync(path.join(serverDir, entry), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
