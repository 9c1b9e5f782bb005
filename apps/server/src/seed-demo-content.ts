import { buildApp } from './app';
import { loadEnvOrExit, startedOrExit } from './platform/process/start-or-exit';

// Applies the demo content that is not there yet, then exits (decision 0085). scripts/start.mjs
// runs it in a process of its own before the production server opens the database: what seeding
// loads and grows (pdf-lib, mediabunny, fonts, sharp's buffers, the embedded database's
// WebAssembly memory, which never shrinks) goes away with this process instead of staying in the
// server's for its whole life. The server then finds every seed set applied and loads none of it.
const env = loadEnvOrExit();

if (env.SEED_DEMO_CONTENT) {
  const app = await startedOrExit(buildApp({ env, web: false, seedOnly: true }));
  await app.close();
}
