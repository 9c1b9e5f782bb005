// Makes the first admin, or gives an existing member the admin role:
//   npm run admin:create -- --email admin@example.org [--account admin --name 管理者]
// Prints a one-time link (30 minutes, single use) to set the password. Audited as 'cli'. With the
// embedded database, stop the server first: the data folder lock refuses while a server has it open.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, loadEnv } from '../config/env';
import { DataFolderLockedError } from '../platform/database/data-folder-lock';
import { openDatabase } from '../platform/database/database';
import { AppError } from '../platform/http/app-error';
import { accountsSettings } from './accounts-settings';
import { createAdmin } from './services/create-admin';

const usage = `Usage: npm run admin:create -- --email ADDRESS [--account NAME] [--name 顯示名稱]

Makes the member with this e-mail an admin, creating the member when there is none (account from
--account or the address's local part, name from --name or the account), and prints a one-time
link to set the password, valid for 30 minutes. Run it again for a new link.

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR/db (default ./data/db);
the link starts with PUBLIC_URL (default http://localhost:PORT).`;

export class AdminCliError extends Error {}

export function parseAdminArguments(argv: string[]): { email: string; account?: string; name?: string } | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        account: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new AdminCliError(`${(error as Error).message}\n\n${usage}`);
  }
  if (values.help) return null;
  if (!values.email) throw new AdminCliError(`Give --email.\n\n${usage}`);
  return {
    email: values.email,
    ...(values.account ? { account: values.account } : {}),
    ...(values.name ? { name: values.name } : {}),
  };
}

/** Runs the command; resolves to the exit code. */
export async function runAdminCreateCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const input = parseAdminArguments(argv);
  if (!input) {
    console.log(usage);
    return 0;
  }
  const env = loadEnv(environment);
  const pgliteDir = path.join(env.dataDir, 'db');
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir }).catch((error: unknown) => {
    throw error instanceof DataFolderLockedError ? new AdminCliError(error.message) : error;
  });
  try {
    const admin = await createAdmin(handle.db, accountsSettings(env), input).catch((error: unknown) => {
      if (error instanceof AppError) throw new AdminCliError(error.message);
      if (error instanceof Error && error.name === 'ZodError') {
        throw new AdminCliError(
          `Invalid input: ${(error as { issues?: Array<{ message: string }> }).issues?.map((issue) => issue.message).join('; ')}`,
        );
      }
      throw error;
    });
    console.log(
      [
        admin.created
          ? `Created the admin account "${admin.account}".`
          : `The member "${admin.account}" is now an admin.`,
        'Set the password within 30 minutes (the link works once):',
        `  ${admin.resetLink}`,
        `Then sign in at ${env.publicUrl}/login with the account "${admin.account}".`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await handle.close();
  }
}

if (import.meta.main) {
  runAdminCreateCli(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (error instanceof AdminCliError || error instanceof InvalidEnvironmentError) console.error(error.message);
      else console.error('admin:create failed; nothing was changed.', error);
      process.exitCode = 1;
    });
}
