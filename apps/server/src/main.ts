import { buildApp } from './app';
import { InvalidEnvironmentError, loadEnv } from './config/env';
import { closeOnSignals } from './platform/process/close-on-signals';
import { DataFolderLockedError } from './platform/database/data-folder-lock';

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

const app = await buildApp({ env }).catch((error: unknown) => {
  if (!(error instanceof DataFolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await app.listen({ host: env.HOST, port: env.PORT });

closeOnSignals(app);
