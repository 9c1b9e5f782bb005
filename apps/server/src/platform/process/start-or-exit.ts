import { InvalidEnvironmentError, loadEnv, type Env } from '../../config/env';
import { DataFolderLockedError } from '../database/data-folder-lock';

/** What the process entry points (main, worker, seed-demo-content) share. Why: decision 0315. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Waits for a start; another process holding the data folder ends this one with its one line. */
export async function startedOrExit<T>(start: Promise<T>): Promise<T> {
  try {
    return await start;
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
