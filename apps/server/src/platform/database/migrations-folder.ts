import { fileURLToPath } from 'node:url';

/** The committed migrations (apps/server/drizzle); a module of its own so the backup reads it without the database module. */
export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
