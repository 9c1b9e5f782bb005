// The `servers` step of npm run bench (docs/performance.md, "Two servers behind nginx"): the
// production set-up of deploy/ on this machine, as the deploy test runs it (decision 0341) —
// PostgreSQL 15 (TEST_DATABASE_URL from scripts/with-postgres.mjs), an S3-compatible store, an
// SMTP peer, two servers (JOBS=off) and a worker started with their systemd units' command and
// environment, Debian's nginx with deploy/nginx-pest.conf — then 50 members from 50 addresses
// load cached pages, pages rendered from scratch and the write paths (two-servers-load.ts), and
// the database is checked afterwards: nothing lost, nothing twice. Nothing is switched off: rate
// limits, robot checks and the overload guard run as configured in deploy/pest.env.example.
//   node scripts/with-postgres.mjs node --import tsx scripts/bench/two-servers.ts [--members 50]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/start-s3-server';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { startNginx } from '../deploy-test/nginx-instance';
import { makeSelfSignedCertificate } from '../self-signed-certificate.mjs';
import { readServiceUnit, serviceEnvironment } from '../deploy-test/systemd-unit';
import { runMembers } from './two-servers-load';
import { cpuMilliseconds, freePort, repoRoot, runAgainWithPostgres } from './server-process';

const { values } = parseArgs({ options: { members: { type: 'string', default: '50' } } });
const certDir = process.env.SERVERS_BENCH_CERT_DIR;
// Started alone: a self-signed certificate for 127.0.0.1 (trusted by this process's fetch through
// NODE_EXTRA_CA_CERTS, read at start), then this script again inside a throwaway PostgreSQL.
if (!certDir) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-servers-cert-'));
  makeSelfSignedCertificate(folder);
  const status = runAgainWithPostgres(import.meta.url, {
    ...process.env,
    SERVERS_BENCH_CERT_DIR: folder,
    NODE_EXTRA_CA_CERTS: path.join(folder, 'cert.pem'),
  });
  fs.rmSync(folder, { recursive: true, force: true });
  process.exit(status);
}
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs');
const deployDir = path.join(repoRoot, 'deploy');
const began = Date.now();
const say = (text: string) => console.log(`servers [${((Date.now() - began) / 1000).toFixed(0)} s] ${text}`);
process.env.PATH = `${process.env.PATH ?? ''}${path.delimiter}/usr/sbin`;

const children = new Set<ChildProcess>();
function startProcess(name: string, command: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Warnings and errors only: the servers log JSON lines at LOG_LEVEL.
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (/"level":(40|50|60)/.test(line)) console.log(`${name}: ${line.slice(0, 300)}`);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`${name}: ${chunk.toString()}`));
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 600_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-servers-bench-'));
fs.chmodSync(workDir, 0o711);
let s3: TestS3Server | undefined;
let smtp: SmtpPeer | undefined;
let nginx: ReturnType<typeof startNginx> | undefined;
const db = new pg.Client({ connectionString: databaseUrl });

async function main(databaseUrl: string): Promise<void> {
  console.log(
    `Load average at the start: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
  const ports = {
    https: await freePort(),
    http: await freePort(),
    servers: [await freePort(), await freePort()] as [number, number],
  };
  const nginxPrefix = path.join(workDir, 'nginx');
  fs.mkdirSync(nginxPrefix, { recursive: true });
  for (const name of ['cert.pem', 'key.pem'])
    fs.copyFileSync(path.join(certDir as string, name), path.join(nginxPrefix, name));
  [s3, smtp] = await Promise.all([startS3Server(), startSmtpPeer()]);
  const publicUrl = `https://127.0.0.1:${ports.https}`;
  const metricsToken = 'servers-bench-metrics-token-0123456789';
  // deploy/pest.env.example with only this machine's addresses, paths and secrets.
  const replacements: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(workDir, 'data'),
    SMTP_URL: smtp.url,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
    ...s3.env,
  };
  const envFile = path.join(workDir, 'pest.env');
  fs.writeFileSync(
    envFile,
    fs
      .readFileSync(path.join(deployDir, 'pest.env.example'), 'utf8')
      .replace(/^([A-Z0-9_]+)=.*$/gm, (line, key: string) =>
        key in replacements ? `${key}=${replacements[key]}` : line,
      ),
  );
  const paths = { '/opt/pest': repoRoot, '/etc/pest/pest.env': envFile, '/var/backups/pest': workDir };
  const extra: Record<string, string> = process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {};
  const units = ports.servers.map((port) =>
    readServiceUnit(path.join(deployDir, 'pest-server@.service'), paths, String(port)),
  );
  const workerUnit = readServiceUnit(path.join(deployDir, 'pest-worker.service'), paths);
  const envs = units.map((unit) => serviceEnvironment(unit, extra));

  say('the demo content into PostgreSQL and S3 (node scripts/start.mjs seed), as a site with content');
  // Not spawnSync: the S3 store the seed writes to answers from this process's event loop.
  const seed = startProcess('seed', [...units[0]!.command, 'seed'], { ...envs[0]!, SEED_DEMO_CONTENT: 'true' });
  const seeded = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  if (seeded !== 0) throw new Error(`seeding failed (${seeded})`);
  const servers = units.map((unit, index) => startProcess(`server ${index + 1}`, unit.command, envs[index]!));
  const worker = startProcess('worker', workerUnit.command, serviceEnvironment(workerUnit, extra));
  nginx = startNginx(path.join(deployDir, 'nginx-pest.conf'), nginxPrefix, ports);
  for (const port of ports.servers)
    await waitFor(`server on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok);
  await waitFor(
    'nginx',
    async () => (await fetch(`http://127.0.0.1:${ports.http}/`, { redirect: 'manual' })).status === 301,
  );
  await db.connect();
  say(
    `two servers (${envs[0]!.JOBS === 'off' ? 'JOBS=off' : 'JOBS on'}, TRUST_PROXY=${envs[0]!.TRUST_PROXY}), a worker, nginx on ${publicUrl}`,
  );

  const processes = { servers: servers.map((child) => child.pid as number), worker: worker.pid as number };
  const serverCpu = () => processes.servers.reduce((sum, pid) => sum + cpuMilliseconds(pid), 0);
  const scrapeHits = async () => {
    let hits = 0;
    let misses = 0;
    for (const port of ports.servers) {
      const text = await (
        await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
      hits += value('pest_page_cache_hits_total');
      misses += value('pest_page_cache_misses_total');
    }
    return { hits, misses };
  };
  await runMembers({
    origin: publicUrl,
    ca: fs.readFileSync(path.join(nginxPrefix, 'cert.pem')),
    members: Number(values.members),
    db,
    serverCpu,
    cacheCounts: scrapeHits,
    say,
    smtp,
  });
  for (const child of [...servers, worker]) child.kill('SIGTERM');
}

async function cleanUp(): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  nginx?.process.kill('SIGQUIT');
  await db.end().catch(() => undefined);
  await s3?.close().catch(() => undefined);
  await smtp?.close().catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  await main(databaseUrl);
  await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(`servers: ${error instanceof Error ? error.stack : String(error)}`);
  if (nginx) console.error(nginx.log.join(''));
  await cleanUp();
  process.exit(1);
}
