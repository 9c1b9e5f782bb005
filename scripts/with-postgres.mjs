#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 server:
//   node scripts/with-postgres.mjs vitest run --project server
// The server lives in a temporary directory, listens on 127.0.0.1 on a free port and is
// stopped and deleted afterwards — also when the command fails or the run is interrupted.
// The command gets TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres and exits
// with the command's exit code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv.slice(2);

if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
if (!fs.existsSync(path.join(pgBin, 'initdb'))) {
  console.error(`with-postgres: no PostgreSQL binaries in ${pgBin} (install postgresql-15 or set PG_BIN)`);
  process.exit(2);
}

/**
 * initdb refuses to run as root, so as root the server runs as an unprivileged account:
 * the distribution's postgres user when there is one, otherwise nobody.
 */
function serverAccount() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) {
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    }
  }
  throw new Error('with-postgres: running as root but neither a postgres nor a nobody account exists');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const account = serverAccount();
const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-pg-'));
const dataDir = path.join(baseDir, 'data');
const logFile = path.join(baseDir, 'server.log');
if (account) fs.chownSync(baseDir, account.uid, account.gid);

/** Runs a PostgreSQL program as the server account, output captured. */
function pgTool(program, args) {
  const executable = path.join(pgBin, program);
  const [file, argv] = account ? ['runuser', ['-u', account.name, '--', executable, ...args]] : [executable, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', cwd: baseDir });
  if (result.error) throw result.error;
  return result;
}

let serverStarted = false;
let cleanedUp = false;

function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (serverStarted) {
    // Immediate mode: the data is thrown away, so there is nothing to shut down cleanly for.
    const stop = pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    if (stop.status !== 0) process.stderr.write(`with-postgres: pg_ctl stop failed\n${stop.stderr}`);
  }
  fs.rmSync(baseDir, { recursive: true, force: true });
}

function fail(message, details = '') {
  process.stderr.write(`with-postgres: ${message}\n${details}`);
  cleanUp();
  process.exit(1);
}

let child = null;
let interruptedBy = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interruptedBy ??= signal;
    // The command gets the signal and its exit then triggers the clean-up below; without a
    // command yet, clean up straight away.
    if (child && child.exitCode === null) child.kill(signal);
    else {
      cleanUp();
      process.exit(128 + (os.constants.signals[signal] ?? 1));
    }
  });
}
process.on('exit', cleanUp);

const init = pgTool('initdb', [
  '-D',
  dataDir,
  '-U',
  'postgres',
  '--auth=trust',
  '--encoding=UTF8',
  '--locale=C.UTF-8',
  '--no-sync',
  '--no-instructions',
]);
if (init.status !== 0) fail('initdb failed', init.stdout + init.stderr);

// Durability settings are off: the cluster only lives for one test run.
const serverOptions = (port) =>
  [
    `-p ${port}`,
    `-k ${baseDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
// The free port is released before the server binds it: another process starting beside this one (npm test
// starts two clusters at once) can take it meanwhile. The server is then started again on another port.
let port;
for (let attempt = 1; ; attempt += 1) {
  port = await freePort();
  fs.rmSync(logFile, { force: true });
  serverStarted = true;
  const start = pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions(port), '-w', '-t', '60', 'start']);
  if (start.status === 0) break;
  serverStarted = false;
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  if (attempt < 5 && /could not bind|Address already in use/.test(log)) continue;
  fail('pg_ctl start failed', start.stdout + start.stderr + log);
}

const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`with-postgres: PostgreSQL 15 ready at ${databaseUrl}`);

const binPath = path.join(repoRoot, 'node_modules', '.bin');
child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: databaseUrl,
    PATH: `${binPath}${path.delimiter}${process.env.PATH ?? ''}`,
  },
});
child.on('error', (error) => fail(`could not start ${command[0]}: ${error.message}`));
child.on('exit', (code, signal) => {
  cleanUp();
  if (interruptedBy) process.exit(128 + (os.constants.signals[interruptedBy] ?? 1));
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
});
