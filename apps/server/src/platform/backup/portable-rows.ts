import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../database/database';
import { migrationsFolder } from '../database/migrations-folder';
import { BackupError, migrationJournal } from './backup-manifest';

/* The portable copy of a database (decision 0323). */

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The public schema's tables, parents before the tables whose foreign keys name them. */
async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => row.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, trail: Set<string>) => {
    if (placed.has(table) || trail.has(table)) return;
    trail.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, trail);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const batchRows = 500;

/** Writes every row to `file` from one snapshot (a repeatable-read transaction): consistent while the site writes. */
export async function exportRows(db: Database, file: string): Promise<void> {
  const gzip = createGzip();
  const output = createWriteStream(file);
  gzip.pipe(output);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    for (const table of await tablesInDependencyOrder(tx)) {
      let after = '(0,0)';
      for (;;) {
        const batch = await rowsOf<{ c: string; r: string }>(
          tx,
          sql.raw(
            `SELECT ctid::text AS c, row_to_json(t)::text AS r FROM ${quoted(table)} t
             WHERE ctid > '${after}'::tid ORDER BY ctid LIMIT ${batchRows}`,
          ),
        );
        if (batch.length === 0) break;
        await write(batch.map((row) => `${table}\t${row.r}\n`).join(''));
        after = batch.at(-1)!.c;
      }
    }
  });
  gzip.end();
  await once(output, 'close');
}

async function insertBatch(tx: Executor, table: string, columns: string, rows: string[]) {
  await tx.execute(
    sql`INSERT INTO ${sql.raw(`${quoted(table)} (${columns})`)} OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(columns)} FROM json_populate_recordset(null::${sql.raw(quoted(table))}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/**
 * Loads the rows of `file` into `db`, whose schema is at the copy's migration, in one transaction.
 * Why: decision 0321.
 */
export async function importRows(db: Database, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const tables = await tablesInDependencyOrder(tx);
    await tx.execute(sql.raw(`TRUNCATE ${tables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`));
    const columnsOf = new Map<string, string>();
    for (const table of tables) {
      const names = await rowsOf<{ name: string }>(
        tx,
        sql`SELECT column_name AS name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
            ORDER BY ordinal_position`,
      );
      columnsOf.set(table, names.map((row) => quoted(row.name)).join(', '));
    }
    let current = '';
    let pending: string[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const columns = columnsOf.get(current);
      if (!columns) throw new BackupError(`The copy has a table this database does not: ${current}`);
      await insertBatch(tx, current, columns, pending);
      counts[current] = (counts[current] ?? 0) + pending.length;
      pending = [];
    };
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const tab = line.indexOf('\t');
      const table = line.slice(0, tab);
      if (table !== current || pending.length >= batchRows) {
        await flush();
        current = table;
      }
      pending.push(line.slice(tab + 1));
    }
    await flush();
    const sequences = await rowsOf<{ tbl: string; col: string; seq: string }>(
      tx,
      sql`SELECT table_name AS tbl, column_name AS col,
                 pg_get_serial_sequence(quote_ident(table_name), column_name) AS seq
          FROM information_schema.columns WHERE table_schema = 'public'
          AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
    );
    for (const { tbl, col, seq } of sequences) {
      await tx.execute(
        sql`SELECT setval(${seq}, coalesce((SELECT max(${sql.raw(quoted(col))}) FROM ${sql.raw(quoted(tbl))}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}

/**
 * A migrations folder holding the committed migrations up to `tag`, for building the schema a
 * portable copy was taken at; the caller removes it.
 */
export async function migrationsUpTo(tag: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0 || !(await migrationJournal()).some((entry) => entry.tag === tag)) {
    throw new BackupError(`This code does not know migration ${tag}.`);
  }
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
