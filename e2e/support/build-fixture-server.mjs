// Bundles the fixture server (start-fixture-server.ts) as production bundles the server
// (scripts/build-server.mjs): started from JavaScript it skips tsx's compile of every server module
// at start, seconds of processor time while the other servers start beside it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDir } from '../../scripts/build-server.mjs';

const fixtureServerDir = path.join(serverDir, 'dist-test-e2e-fixtures');

await buildServer({
  outdir: fixtureServerDir,
  logLevel: 'warning',
  entryPoints: { 'start-fixture-server': fileURLToPath(new URL('./start-fixture-server.ts', import.meta.url)) },
});
