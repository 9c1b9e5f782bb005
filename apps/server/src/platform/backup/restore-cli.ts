// Restores a backup `npm run backup` wrote (decision 0321).
import { InvalidEnvironmentError, loadEnv } from '../../config/env';
import { DataFolderLockedError } from '../database/data-folder-lock';
import { BackupError } from './backup-manifest';
import { parseFolderArguments } from './folder-arguments';
import { restoreBackup } from './restore-backup';

const usage = `Usage: npm run restore -- FOLDER [--force]

Restores the backup in FOLDER into the database (DATABASE_URL, or the embedded one in DATA_DIR/db)
and the file store (DATA_DIR/files or the S3 bucket), after checking every file's sha256. Refuses a
database or file store that is not empty unless --force is given (which replaces what is there),
and a backup taken by a newer version than this one. Stop the servers first. A backup of the
embedded database restores into PostgreSQL too: that is how a site moves to PostgreSQL.`;

export async function runRestoreCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseFolderArguments(argv, usage, 'force');
  if ('exitCode' in args) return args.exitCode;
  const { dir } = args;
  const env = loadEnv(environment);
  const manifest = await restoreBackup(env, dir, { force: args.flags.force, environment });
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, migration ${manifest.migration.tag}, ` +
      `${manifest.files.length} files). Start the site: it applies any newer migrations.`,
  );
  return 0;
}

if (import.meta.main) {
  runRestoreCli(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (
        error instanceof BackupError ||
        error instanceof InvalidEnvironmentError ||
        error instanceof DataFolderLockedError
      ) {
        console.error(error.message);
      } else console.error('The restore failed.', error);
      process.exitCode = 1;
    });
}
