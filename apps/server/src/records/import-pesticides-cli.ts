// Imports a pesticide-use CSV in the government format into the database the server uses:
//   npm run import:pesticides -- FILE.csv [--snapshot 2022-07-01] [--source 農藥資訊服務網]
//                                         [--replace] [--strict]
// Idempotent (rows are matched by content), all-or-nothing (one transaction), and it prints
// every rejected row with its reason. With the embedded database, stop the server first: the
// data folder lock refuses the import while a server has the database open.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dateFromFileName, normaliseDate } from '@pest/contracts';
import { InvalidEnvironmentError, loadEnv } from '../config/env';
import { notifyChangedTags } from '../platform/cache/postgres-invalidation';
import { DataFolderLockedError } from '../platform/database/data-folder-lock';
import { openDatabase } from '../platform/database/database';
import { PesticideFileError } from './pesticides/parse-pesticide-csv';
import { pesticidesTag } from './records-cache-tags';
import { importPesticideUses, type ImportPesticideUsesReport } from './services/import-pesticide-uses';

const usage = `Usage: npm run import:pesticides -- FILE.csv [options]

Options:
  --snapshot YYYY-MM-DD  date of the source snapshot (default: a date in the file name, if any)
  --source NAME          data source shown on the pesticide page (default: 農藥資訊服務網)
  --replace              also delete rows that are not in this file (for a complete new snapshot)
  --strict               import nothing if any row is rejected
  --help                 show this text

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR/db (default ./data/db).
The embedded database cannot be shared: stop the server before importing into it (a lock left
by a server that crashed is detected and taken over).`;

export class CliError extends Error {}

export interface CliOptions {
  file: string;
  snapshotDate: string | null;
  source: string;
  replace: boolean;
  strict: boolean;
}

/** Reads the command line; throws CliError with a message for the user. Null means --help. */
export function parseCliArguments(argv: string[]): CliOptions | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        snapshot: { type: 'string' },
        source: { type: 'string', default: '農藥資訊服務網' },
        replace: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals.length !== 1) throw new CliError(`Give exactly one CSV file.\n\n${usage}`);
  const file = positionals[0] as string;
  const snapshotDate = values.snapshot ?? dateFromFileName(file);
  if (snapshotDate !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate) || normaliseDate(snapshotDate) === null)) {
    throw new CliError(`--snapshot must be a date written YYYY-MM-DD, not "${snapshotDate}".`);
  }
  const source = values.source.trim();
  if (source === '') throw new CliError('--source must not be empty.');
  return { file, snapshotDate, source, replace: values.replace, strict: values.strict };
}

export function formatReport(report: ImportPesticideUsesReport, options: CliOptions): string {
  const lines = [`Accepted rows: ${report.accepted}`, `Rejected rows: ${report.rejected.length}`];
  for (const row of report.rejected) {
    lines.push(`  line ${row.line}${row.sourceRow ? ` (source row ${row.sourceRow})` : ''}: ${row.reason}`);
  }
  if (options.strict && report.rejected.length > 0) {
    lines.push('Nothing was imported (--strict and some rows were rejected).');
  } else if (!report.changed) {
    lines.push(`Nothing changed: all ${report.unchanged} accepted rows were already imported.`);
  } else {
    lines.push(`New rows: ${report.inserted}`, `Already present: ${report.unchanged}`);
    if (options.replace) {
      lines.push(`Changed: ${report.updated}`, `Removed (not in this file): ${report.removed}`);
    }
    lines.push(
      `Recorded as import #${report.importId} from ${options.source}, snapshot ${options.snapshotDate ?? 'not given'}.`,
      'Staff can see it, and roll it back, under 農藥登記資料匯入 in /admin.',
    );
  }
  return lines.join('\n');
}

/** Runs the importer; resolves to the exit code, throws CliError for a usage or environment problem. */
export async function runImportCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const options = parseCliArguments(argv);
  if (!options) {
    console.log(usage);
    return 0;
  }
  const env = loadEnv(environment);
  const pgliteDir = path.join(env.dataDir, 'db');
  if (!env.DATABASE_URL) {
    console.log(`Using the embedded database in ${pgliteDir}.`);
  } else {
    console.log('Using the PostgreSQL database in DATABASE_URL.');
  }
  await access(options.file).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Cannot read ${options.file}: ${error.code ?? error.message}`);
  });
  // The same lock as the server's (data-folder-lock.ts): a running server makes this refuse.
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir }).catch((error: unknown) => {
    throw error instanceof DataFolderLockedError ? new CliError(error.message) : error;
  });
  try {
    // Streamed: the 1.7 MB government file is parsed as it is read.
    const report = await importPesticideUses(handle.db, {
      content: createReadStream(options.file),
      fileName: path.basename(options.file),
      source: options.source,
      snapshotDate: options.snapshotDate,
      replace: options.replace,
      strict: options.strict,
    });
    // Running servers on the same PostgreSQL database drop their cached pesticide pages now.
    if (report.changed && env.DATABASE_URL) await notifyChangedTags(handle.db, [pesticidesTag]);
    console.log(formatReport(report, options));
    return options.strict && report.rejected.length > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

// import.meta.main, not a comparison of import.meta.url with argv[1]: in the built command
// (apps/server/dist/import-pesticides.js) this module's import.meta.url names its source file.
if (import.meta.main) {
  runImportCli(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (
        error instanceof CliError ||
        error instanceof PesticideFileError ||
        error instanceof InvalidEnvironmentError
      ) {
        console.error(error.message);
      } else {
        console.error('Import failed; nothing was imported.', error);
      }
      process.exitCode = 1;
    });
}
