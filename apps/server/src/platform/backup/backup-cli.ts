// Backs up the database and the stored files while the site runs (decision 0321).
import { InvalidEnvironmentError, loadEnv } from '../../config/env';
import { BackupError } from './backup-manifest';
import { parseFolderArguments } from './folder-arguments';
import { writeBackup } from './write-backup';

const usage = `Usage: npm run backup -- FOLDER [--portable]

Writes a backup of the database and the stored files into FOLDER (new or empty), with
manifest.json listing every file's sha256. Safe while the site runs. Uses DATABASE_URL when set
(pg_dump from PG_BIN, PATH or /usr/lib/postgresql/15/bin), otherwise the embedded database in
DATA_DIR/db; the files from DATA_DIR/files or the S3 bucket (STORAGE=s3).

--portable writes the rows as JSON text instead of the database's own copy: smaller, readable by
any PostgreSQL version (what moving from the embedded database to PostgreSQL can use), slower to
restore (the schema is rebuilt by the migrations).`;

export async function runBackupCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseFolderArguments(argv, usage, 'portable');
  if ('exitCode' in args) return args.exitCode;
  const { dir } = args;
  const env = loadEnv(environment);
  const began = Date.now();
  const manifest = await writeBackup(env, dir, { portable: args.flags.portable, environment });
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, manifest.database.size);
  console.log(
    `Backed up the database (${manifest.database.format}, migration ${manifest.migration.tag}) and ` +
      `${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, into ${dir} in ${((Date.now() - began) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

if (import.meta.main) {
  runBackupCli(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (error instanceof BackupError || error instanceof InvalidEnvironmentError) console.error(error.message);
      else console.error('The backup failed; the folder is incomplete.', error);
      process.exitCode = 1;
    });
}
