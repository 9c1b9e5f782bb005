import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { migrationsFolder } from '../database/migrations-folder';

/** What `manifest.json` says about a backup (decision 0321). */
export interface BackupManifest {
  manifestVersion: 1;
  createdAt: string;
  appVersion: string;
  database: {
    /** `pglite-datadir`: the embedded database's folder as PGlite dumps it. Why: decision 0321. */
    format: 'pglite-datadir' | 'pg_dump-custom' | 'rows';
    file: string;
    sha256: string;
    size: number;
  };
  /** The last migration applied when the copy was taken (its journal tag and folder time). */
  migration: { tag: string; createdAt: number };
  /** Every stored file, under `files/<key>` in the backup folder. */
  files: Array<{ key: string; sha256: string; size: number }>;
}

/** Thrown for what the operator must fix; the message is one line or two for the terminal. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const manifestFile = 'manifest.json';
export const filesFolder = 'files';

export async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

interface JournalEntry {
  tag: string;
  when: number;
}

export async function migrationJournal(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The last migration the database has applied. Why: decision 0321. */
export async function appliedMigration(db: Executor): Promise<{ tag: string; createdAt: number }> {
  const result = await db.execute<{ created_at: string | number }>(
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  const row = (result as unknown as { rows: Array<{ created_at: string | number }> }).rows[0];
  if (!row) throw new BackupError('The database has no migration applied: there is nothing to back up.');
  const createdAt = Number(row.created_at);
  const entry = (await migrationJournal()).find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? `unknown-${createdAt}`, createdAt };
}

/** Refuses a backup taken at a migration this code does not have. */
export async function assertMigrationKnown(manifest: BackupManifest): Promise<void> {
  const journal = await migrationJournal();
  if (!journal.some((entry) => entry.when === manifest.migration.createdAt)) {
    const latest = journal.at(-1)?.tag ?? 'none';
    throw new BackupError(
      `This backup was taken at migration ${manifest.migration.tag} (version ${manifest.appVersion}), which this code ` +
        `does not know (its latest is ${latest}): restore it with that version or a newer one.`,
    );
  }
}

export async function appVersion(): Promise<string> {
  const file = new URL('../../../../../package.json', import.meta.url);
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { version: string }).version;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text;
  try {
    text = await fs.readFile(path.join(dir, manifestFile), 'utf8');
  } catch {
    throw new BackupError(`${dir} holds no ${manifestFile}: it is not a backup this command wrote.`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.manifestVersion !== 1 || !manifest.database || !Array.isArray(manifest.files)) {
    throw new BackupError(`${path.join(dir, manifestFile)} is not a manifest this version understands.`);
  }
  return manifest;
}

/** Checks every file of the backup against its sha256 and size before anything is restored. */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<void> {
  const entries = [
    { name: manifest.database.file, sha256: manifest.database.sha256, size: manifest.database.size },
    ...manifest.files.map((file) => ({ name: path.join(filesFolder, ...file.key.split('/')), ...file })),
  ];
  for (const entry of entries) {
    const full = path.resolve(dir, entry.name);
    if (!full.startsWith(path.resolve(dir) + path.sep))
      throw new BackupError(`A bad file name in the manifest: ${entry.name}`);
    const actual = await sha256OfFile(full).catch(() => null);
    if (!actual) throw new BackupError(`The backup is incomplete: ${entry.name} is missing.`);
    if (actual.sha256 !== entry.sha256 || actual.size !== entry.size) {
      throw new BackupError(`The backup is damaged: ${entry.name} does not match its sha256 in the manifest.`);
    }
  }
}
