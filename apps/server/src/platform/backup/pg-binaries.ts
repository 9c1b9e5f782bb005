import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** pg_dump and pg_restore: from PG_BIN, else PATH, else Debian's PostgreSQL 15 folder. */
export function pgBinary(name: 'pg_dump' | 'pg_restore', environment: NodeJS.ProcessEnv): string {
  const folders = [
    ...(environment.PG_BIN ? [environment.PG_BIN] : []),
    ...(environment.PATH ?? '').split(path.delimiter).filter(Boolean),
    '/usr/lib/postgresql/15/bin',
  ];
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} was not found: install the PostgreSQL client (postgresql-client-15) or set PG_BIN.`);
}

/**
 * Runs a PostgreSQL client program against `databaseUrl` with the password in PGPASSWORD, so it
 * never shows in the process list.
 */
export async function runPgProgram(
  name: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(pgBinary(name, environment), [...args, `--dbname=${url.href}`], {
    env: { ...environment, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${name} failed (exit ${code}): ${stderr.trim()}`);
}
