import { buildApp } from './app';
import { InvalidEnvironmentError, loadEnv } from './config/env';
import { DataFolderLockedError } from './platform/database/data-folder-lock';

// Applies the demo content that is not there yet, then exits (decision 0085). scripts/start.mjs
// runs it in a process of its own before the production server opens the database: what seeding
// loads and grows (pdf-lib, mediabunny, fonts, sharp's buffers, the embedded database's
// WebAssembly memory, which never shrinks) goes away with this process instead of staying in the
// server's for its whole life. The server then finds every seed set applied and loads none of it.
let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof InvalidEnvironmentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (env.SEED_DEMO_CONTENT) {
  const app = await buildApp({ env, web: false, seedOnly: true }).catch((error: unknown) => {
    if (!(error instanceof DataFolderLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  await app.close();
}
