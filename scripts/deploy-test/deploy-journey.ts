// The deploy test's journey (npm run test:deploy, scripts/test-deploy.mjs, decision 0341): the
// production set-up of deploy/ on this machine — PostgreSQL 15 (TEST_DATABASE_URL from
// scripts/with-postgres.mjs), an S3-compatible store, an SMTP peer, two servers and a worker
// started with the command and environment of their systemd units, and Debian's nginx with the
// site file of deploy/ — then a member's, a farmer's, an admin's and an expert's journey through
// nginx over HTTPS with plain HTTP calls, one server stopped with SIGTERM in the middle.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from '@pest/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import sharp from 'sharp';
import { readMime, type ReadMail } from '../../apps/server/src/test/read-mime';
import { startS3Server, type TestS3Server } from '../../apps/server/src/test/start-s3-server';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../apps/server/src/test/smtp-peer';
import { startNginx, type NginxPorts } from './nginx-instance';
import { readServiceUnit, serviceEnvironment, type ServiceUnit } from './systemd-unit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const deployDir = path.join(repoRoot, 'deploy');
const workDir = requiredEnv('DEPLOY_TEST_DIR');
const databaseUrl = requiredEnv('TEST_DATABASE_URL');
const began = Date.now();
/** A loaded machine (the whole `npm test` beside this) makes everything slower: waits are generous. */
const patienceMs = 120_000;

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run npm run test:deploy`);
  return value;
}

function step(text: string) {
  console.log(`[${((Date.now() - began) / 1000).toFixed(1)} s] ${text}`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + patienceMs;
  let lastError: unknown;
  for (let delay = 25; Date.now() < deadline; delay = Math.min(delay * 2, 250)) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Ports from DEPLOY_TEST_PORT on (a developer's reserved range), otherwise free ones. */
async function choosePorts(): Promise<NginxPorts> {
  const base = Number(process.env.DEPLOY_TEST_PORT ?? 0);
  if (base > 0) return { https: base, http: base + 1, servers: [base + 2, base + 3] };
  return { https: await freePort(), http: await freePort(), servers: [await freePort(), await freePort()] };
}

// ---------------------------------------------------------------------------------------------
// Processes as systemd would run them
// ---------------------------------------------------------------------------------------------

interface Service {
  name: string;
  unit: ServiceUnit;
  env: Record<string, string>;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const services = new Set<Service>();

function startService(name: string, unit: ServiceUnit, env: Record<string, string>): Service {
  const [file, ...args] = unit.command;
  const child = spawn(file!, args, { cwd: unit.workingDirectory, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const service = { name, unit, env, child, output, exited };
  services.add(service);
  void exited.then(() => services.delete(service));
  return service;
}

/** systemctl stop: SIGTERM, and the process must be gone well within the unit's TimeoutStopSec. */
async function stopService(service: Service): Promise<{ code: number | null; ms: number }> {
  const stoppedAt = Date.now();
  service.child.kill('SIGTERM');
  const limit = service.unit.timeoutStopSeconds * 1000;
  const timer = setTimeout(() => service.child.kill('SIGKILL'), limit);
  const { code, signal } = await service.exited;
  clearTimeout(timer);
  check(signal === null, `${service.name} was killed (${signal}) instead of exiting after SIGTERM`);
  return { code, ms: Date.now() - stoppedAt };
}

// ---------------------------------------------------------------------------------------------
// An HTTP client with a cookie jar
// ---------------------------------------------------------------------------------------------

interface Call {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  headers?: Record<string, string>;
  /** Send the XSRF pair (double-submit cookie) the site's JSON writes need. */
  xsrf?: boolean;
  /** Send Origin as a browser's form post does. */
  origin?: boolean;
}

let retries = 0;

class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** Sends the next requests to another address (a server's own port), with the same cookies. */
  via(base: string, extraHeaders: Record<string, string> = {}): Client {
    const other = new Client(base, extraHeaders);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async send(url: string, call: Call = {}): Promise<Response> {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', ...this.extraHeaders, ...call.headers };
    if (call.xsrf) this.cookies.set('XSRF-TOKEN', this.cookies.get('XSRF-TOKEN') ?? 'deploy-test-xsrf');
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (call.xsrf) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (call.origin) headers.origin = new URL(this.base).origin;
    let body: string | FormData | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    } else if (call.body) body = call.body;
    const response = await fetch(new URL(url, this.base), {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * What the site's pages do when a request meets a server that is going away (a 502 or 503
   * from nginx, a reset connection): try again. The site's writes are safe to repeat
   * (idempotency keys, one-time tokens checked in the database).
   */
  async sendRetrying(url: string, call: Call = {}): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await this.send(url, call);
        if (![502, 503, 504].includes(response.status) || attempt === 4) return response;
        await response.arrayBuffer();
      } catch (error) {
        if (attempt === 4) throw error;
      }
      retries += 1;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  async json<T = Record<string, unknown>>(url: string, call: Call = {}, status = 200): Promise<T> {
    const response = await this.sendRetrying(url, call);
    const text = await response.text();
    check(
      response.status === status,
      `${call.method ?? (call.json ? 'POST' : 'GET')} ${url}: ${response.status} ${text.slice(0, 300)}`,
    );
    return JSON.parse(text) as T;
  }

  async page(url: string, status = 200): Promise<string> {
    const response = await this.sendRetrying(url);
    const text = await response.text();
    check(response.status === status, `GET ${url}: ${response.status}`);
    return text;
  }
}

async function altcha(client: Client): Promise<string> {
  const challenge = await client.json<Challenge>('/api/v1/altcha-challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  check(solution, 'the ALTCHA challenge was solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The largest request body the site takes, in MB, from the upload rules of every admin form. */
function largestUploadMb(): number {
  let largest = 0;
  for (const value of Object.values(contracts)) {
    const schema = value as { shape?: unknown; safeParse?: unknown };
    if (!schema || typeof schema !== 'object' || !schema.shape || typeof schema.safeParse !== 'function') continue;
    const fields = contracts.adminUploadFields(schema as Parameters<typeof contracts.adminUploadFields>[0]);
    const total = fields.reduce((sum, field) => sum + field.upload.rules.maxFileMb * field.upload.rules.maxFiles, 0);
    largest = Math.max(largest, total);
  }
  // The public forms send one photo per request (form-routes.ts, discussion-limits.ts).
  return Math.max(largest, contracts.photoUploadRules.maxFileMb, contracts.discussionPhotoUploadRules.maxFileMb);
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

let s3: TestS3Server | undefined;
let smtp: SmtpPeer | undefined;
let nginx: ReturnType<typeof startNginx> | undefined;
const db = new pg.Client({ connectionString: databaseUrl });

async function main() {
  const ports = await choosePorts();
  const nginxPrefix = path.join(workDir, 'nginx');
  fs.mkdirSync(nginxPrefix, { recursive: true });
  for (const name of ['cert.pem', 'key.pem']) fs.copyFileSync(path.join(workDir, name), path.join(nginxPrefix, name));
  const publicUrl = `https://127.0.0.1:${ports.https}`;
  const dataDir = path.join(workDir, 'data');
  const backupsDir = path.join(workDir, 'backups');
  const envFile = path.join(workDir, 'pest.env');

  step('client_max_body_size against the upload rules');
  const site = fs.readFileSync(path.join(deployDir, 'nginx-pest.conf'), 'utf8');
  const bodyLimitMb = Number(/client_max_body_size (\d+)m;/.exec(site)?.[1]);
  const uploadMb = largestUploadMb();
  // The files, up to 50 text fields of 64 KB (receive-uploads.ts) and the multipart framing.
  check(
    bodyLimitMb >= uploadMb + 3.2 && bodyLimitMb <= uploadMb + 8,
    `client_max_body_size ${bodyLimitMb}m fits the largest upload (${uploadMb} MB of files + 3.2 MB of fields)`,
  );

  step('S3-compatible store (s3rver) and SMTP peer');
  [s3, smtp] = await Promise.all([startS3Server(), startSmtpPeer()]);
  const peer = smtp;

  // The example environment file with only addresses, paths and secrets of this machine.
  const replacements: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: peer.url,
    ...s3.env,
  };
  const example = fs.readFileSync(path.join(deployDir, 'pest.env.example'), 'utf8');
  // A misspelt name would be ignored by the servers without a word: every name must be one they
  // read, as the repository's .env.example lists them (config/env.test.ts keeps that list whole).
  const known = new Set(
    [...fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map(
      (match) => match[1],
    ),
  );
  const unknown = [...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)]
    .map((match) => match[1]!)
    .filter((key) => !known.has(key) && key !== 'PG_BIN');
  check(unknown.length === 0, `pest.env.example names only the servers' variables: ${unknown.join(', ')}`);
  const missing = Object.keys(replacements).filter((key) => !new RegExp(`^${key}=`, 'm').test(example));
  check(missing.length === 0, `pest.env.example sets ${missing.join(', ')}`);
  fs.writeFileSync(
    envFile,
    example.replace(/^([A-Z0-9_]+)=.*$/gm, (line, key: string) =>
      key in replacements ? `${key}=${replacements[key]}` : line,
    ),
  );
  const paths = {
    '/opt/pest': repoRoot,
    '/etc/pest/pest.env': envFile,
    '/var/backups/pest': backupsDir,
  };
  // Where the test run keeps its temporary files (a tmpfs under npm test); systemd's PrivateTmp
  // gives the units a /tmp of their own.
  const extra: Record<string, string> = process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {};
  const serverUnit = (port: number) =>
    readServiceUnit(path.join(deployDir, 'pest-server@.service'), paths, String(port));
  const workerUnit = readServiceUnit(path.join(deployDir, 'pest-worker.service'), paths);
  const [portA, portB] = ports.servers;
  const unitA = serverUnit(portA);
  const unitB = serverUnit(portB);
  const envA = serviceEnvironment(unitA, extra);
  check(envA.JOBS === 'off' && envA.TRUST_PROXY === '127.0.0.1', 'the servers run with JOBS=off and TRUST_PROXY');
  check(envA.PORT === String(portA) && envA.HOST === '127.0.0.1', 'the port comes from the instance');
  check(envA.NODE_ENV === 'production', 'NODE_ENV=production');

  /** A server's own port, as nginx reaches it (the X-Forwarded-* of a trusted proxy). */
  const direct = (port: number) => ({
    base: `http://127.0.0.1:${port}`,
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': `127.0.0.1:${ports.https}` },
  });
  const ready = (port: number) =>
    waitFor(`/readyz on ${port}`, async () => {
      // Plain http, as a load balancer's probe sends it (no redirect even with FORCE_HTTPS).
      const response = await fetch(`${direct(port).base}/readyz`, { redirect: 'manual' });
      return response.status === 200;
    });

  step(`server A on ${portA} (migrates the empty database), then server B on ${portB} and the worker`);
  const serverA = startService('server A', unitA, envA);
  await ready(portA);
  step('server A ready');
  // SEED_DEMO_CONTENT=false: scripts/start.mjs starts no seeding process (which leaves this note).
  check(!fs.existsSync(path.join(dataDir, '.demo-content-applied')), 'no seeding process on a production start');
  let serverB = startService('server B', unitB, serviceEnvironment(unitB, extra));
  const worker = startService('worker', workerUnit, serviceEnvironment(workerUnit, extra));
  step('nginx with deploy/nginx-pest.conf');
  nginx = startNginx(path.join(deployDir, 'nginx-pest.conf'), nginxPrefix, ports);
  await ready(portB);
  step('server B ready');
  await waitFor('the worker', async () => worker.output.join('').includes('worker running jobs'));

  const site443 = new Client(publicUrl);
  await waitFor('nginx', async () => (await site443.send('/healthz')).status === 200);
  await db.connect();

  step('nginx: TLS, redirect, compression passed through, asset cache, /metrics hidden');
  const home = await site443.send('/');
  check(home.status === 200, `home page through nginx: ${home.status}`);
  check(
    home.headers.get('content-encoding') === 'br',
    `compressed once, by the server: ${home.headers.get('content-encoding')}`,
  );
  check((await home.text()).includes('</html>'), 'the home page decodes');
  check(home.headers.get('strict-transport-security')?.startsWith('max-age='), 'HSTS (FORCE_HTTPS) on https');
  const plain = await fetch(`http://127.0.0.1:${ports.http}/search?x=1`, { redirect: 'manual' });
  check(plain.status === 301, `port 80 redirects: ${plain.status}`);
  check(plain.headers.get('location') === `https://127.0.0.1/search?x=1`, `to https: ${plain.headers.get('location')}`);
  const asset = /\/assets\/[^"']+\.js/.exec(await site443.page('/'))?.[0];
  check(asset, 'the home page names a hashed script');
  const first = await site443.send(asset);
  await first.arrayBuffer();
  const second = await site443.send(asset);
  await second.arrayBuffer();
  check(
    second.headers.get('x-cache-status') === 'HIT',
    `the asset is kept by nginx: ${second.headers.get('x-cache-status')}`,
  );
  check(second.headers.get('cache-control')?.includes('immutable'), 'assets are cached for long');
  check(
    second.headers.get('content-encoding') === 'br',
    `the precompressed copy: ${second.headers.get('content-encoding')}`,
  );
  check(second.headers.get('x-content-type-options') === 'nosniff', "the server's security headers come along");
  check((await site443.send('/metrics')).status === 404, '/metrics is not served through nginx');
  const metricsToken = envA.METRICS_TOKEN!;
  const scrape = async (port: number) => {
    // Plain http straight to the server's port, as Prometheus scrapes it: no redirect even with FORCE_HTTPS.
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
      redirect: 'manual',
    });
    check(response.status === 200, `/metrics on ${port} with the token: ${response.status}`);
    const text = await response.text();
    return Number(/^pest_page_cache_hits_total(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
  };

  step('a member registers and confirms the address by the mailed link');
  const member = new Client(publicUrl);
  const account = 'deploy01';
  const email = 'deploy01@example.org';
  const password = 'Deploy-Test-2026';
  await member.json(
    '/api/v1/members-signup',
    { json: { account, name: '部署測試', email, class: 'all', password, altcha: await altcha(member) } },
    201,
  );
  const confirmation = await nextMail(peer, email);
  const confirmLink = /https:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(confirmation.text ?? '')?.[0];
  check(
    confirmLink && confirmLink.startsWith(`${publicUrl}/confirm-email?token=`),
    `the link starts with PUBLIC_URL: ${confirmLink}`,
  );
  await member.page(confirmLink);
  const token = new URL(confirmLink).searchParams.get('token')!;
  const confirmed = await member.sendRetrying(new URL(confirmLink).pathname + new URL(confirmLink).search, {
    form: { token },
    origin: true,
  });
  check((await confirmed.text()).includes('電子郵件已確認'), `the confirmation page says so (${confirmed.status})`);

  step('signed in on server A, the session goes on on server B');
  const onA = member.via(direct(portA).base, direct(portA).headers);
  await onA.json('/api/info/logini', { json: { a1: account, a2: password } });
  const onB = onA.via(direct(portB).base, direct(portB).headers);
  const session = await onB.json<{ data: { account: string } | null }>('/api/v1/session');
  check(session.data?.account === account, 'server B knows the session made on server A');
  const viaNginx = onA.via(publicUrl);
  check((await viaNginx.json<{ data: { account: string } }>('/api/v1/session')).data.account === account, 'and nginx');

  step('a farmer sends a consultation with photos; server B is stopped (SIGTERM) meanwhile');
  const farmer = new Client(publicUrl);
  const key = randomUUID();
  const askerEmail = 'farmer.deploy@example.org';
  const askerPhone = '0912-345-678';
  const caseBody = {
    a1: '斗南鎮',
    a2: '水稻',
    a3: '林小農',
    a4: askerPhone,
    a5: askerEmail,
    a6: '葉片出現褐色斑點，逐漸擴大。',
    city: '雲林縣',
    key,
    publishConsent: true,
    altcha: await altcha(farmer),
  };
  const created = await farmer.json<{ d: number; token: string }>('/api/info/advNew', { json: caseBody });
  const caseId = created.d;
  const photos = await Promise.all(
    ['#2e7d32', '#8d6e63', '#f9a825'].map((background) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
  const upload = (group: string, photo: Buffer) => {
    const form = new FormData();
    form.set('id', String(caseId));
    form.set('cl', group);
    form.set('token', created.token);
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${group}.jpg`);
    return farmer.json<{ d: { photos: number } }>('/assets/Huploadify/uploadadvnew.ashx', { body: form });
  };
  await upload('pic1', photos[0]!);
  // Two photos and page views on their way through nginx while server B starts to stop.
  const inFlight = [
    upload('pic2', photos[1]!),
    upload('pic3', photos[2]!),
    ...Array.from({ length: 6 }, () => farmer.page('/consultation/advisory')),
  ];
  const stoppedB = stopService(serverB);
  await Promise.all(inFlight);
  const stop = await stoppedB;
  check(stop.code === 0, `server B exited cleanly after SIGTERM (code ${stop.code})`);
  check(stop.ms < 30_000, `server B stopped in ${stop.ms} ms, within its drain time and well within TimeoutStopSec`);
  for (let view = 0; view < 4; view += 1) await farmer.page('/consultation/advisory');
  const done = await farmer.json<{ d: { id: number } }>('/api/info/advDone', {
    json: { key, token: created.token, photos: 3 },
  });
  check(done.d.id === caseId, 'the case is complete with its three photos');
  const submitted = await nextMail(peer, askerEmail);
  check(submitted.subject.includes(`案件編號 ${caseId}`), `the farmer's mail names the case: ${submitted.subject}`);

  step('server B started again (systemd would: Restart=on-failure, or the operator)');
  serverB = startService('server B', unitB, serviceEnvironment(unitB, extra));
  await ready(portB);

  // Both servers keep the archive's list in their page caches before the answer exists.
  const listOn = (port: number) => new Client(direct(port).base, direct(port).headers);
  const hitsBefore: number[] = [];
  for (const port of [portA, portB]) {
    for (let view = 0; view < 2; view += 1)
      check(!(await listOn(port).page('/consultation/advisory')).includes(`id=${caseId}`), 'not published yet');
    hitsBefore.push(await scrape(port));
  }
  check(
    hitsBefore.every((hits) => hits > 0),
    `both servers answered the list from their page caches (${hitsBefore})`,
  );

  step('the first admin: npm run admin:create, the password set through the mailed-less link');
  const adminEmail = 'admin.deploy@example.org';
  const created1 = await runCommand(
    [
      unitA.command[0]!,
      '--enable-source-maps',
      'apps/server/dist/admin-create.js',
      '--email',
      adminEmail,
      '--account',
      'admin',
    ],
    { cwd: repoRoot, env: envA },
  );
  check(created1.status === 0, `admin:create: ${created1.stdout}${created1.stderr}`);
  const resetLink = /https:\/\/\S+\/reset-password\?token=[\w-]+/.exec(created1.stdout)?.[0];
  check(resetLink && resetLink.startsWith(publicUrl), `admin:create prints a link on PUBLIC_URL: ${created1.stdout}`);
  const admin = new Client(publicUrl);
  await admin.page(resetLink);
  const adminPassword = 'Deploy-Admin-2026';
  const reset = await admin.sendRetrying(new URL(resetLink).pathname + new URL(resetLink).search, {
    form: {
      token: new URL(resetLink).searchParams.get('token')!,
      password: adminPassword,
      passwordConfirm: adminPassword,
    },
    origin: true,
  });
  check(
    [302, 303].includes(reset.status),
    `the password is set: ${reset.status} ${(await reset.text()).slice(0, 200)}`,
  );
  await admin.json('/api/info/logini', { json: { a1: 'admin', a2: adminPassword } });
  const found = await admin.json<{ data: { rows: Array<{ id: number; account: string }> } }>(
    `/api/v1/admin/resources/members?q=${account}`,
  );
  const memberId = found.data.rows.find((row) => row.account === account)?.id;
  check(memberId, 'the admin finds the member');
  await admin.json(`/api/v1/admin/resources/members/${memberId}`, {
    method: 'PATCH',
    json: { roles: ['expert'], disabled: false },
    xsrf: true,
    origin: true,
  });

  step('the member, now an expert, answers the case and publishes it');
  const expert = new Client(publicUrl);
  await expert.json('/api/info/logini', { json: { a1: account, a2: password } });
  const deskCase = await expert.json<{ data: { photos: Array<{ url?: string }>; status: string } }>(
    `/api/v1/admin/consultation/cases/${caseId}`,
  );
  check(deskCase.data.photos.length === 3, `every photo arrived (${deskCase.data.photos.length} of 3)`);
  const replyText = '這是水稻胡麻葉枯病，請移除病葉並改善排水。';
  await expert.json(`/api/v1/admin/consultation/cases/${caseId}/reply`, {
    json: { reply: replyText, publish: true },
    xsrf: true,
    origin: true,
  });
  const replied = await nextMail(peer, askerEmail);
  check(replied.text?.includes('胡麻葉枯病'), 'the farmer gets the answer by mail');

  step("the answer shows on both servers' cached pages");
  for (const port of [portA, portB]) {
    await waitFor(`the published case in the list on ${port}`, async () =>
      (await listOn(port).page('/consultation/advisory')).includes(`id=${caseId}`),
    );
    const detail = `/consultation/advisory/detail?id=${caseId}`;
    check((await listOn(port).page(detail)).includes('胡麻葉枯病'), `the case page on ${port} shows the answer`);
    check((await listOn(port).page(detail)).includes('胡麻葉枯病'), `and again, from the cache, on ${port}`);
  }
  const hitsAfter = [await scrape(portA), await scrape(portB)];
  check(
    hitsAfter.every((hits, index) => hits > hitsBefore[index]!),
    `cache hits on both (${hitsBefore} → ${hitsAfter})`,
  );
  const photoUrl = deskCase.data.photos[0]?.url;
  if (photoUrl) {
    const photo = await expert.sendRetrying(photoUrl);
    check(
      photo.status === 200 && photo.headers.get('content-type') === 'image/jpeg',
      `a photo from S3 through nginx: ${photo.status}`,
    );
    await photo.arrayBuffer();
  }

  step('every mail went out exactly once');
  const outbox = await waitFor('every queued mail sent', async () => {
    const { rows } = await db.query<{ message_id: string; state: string; to: string }>(
      'select message_id, state, "to" from mail_outbox order by id',
    );
    return rows.every((row) => row.state === 'sent') ? rows : undefined;
  });
  const received = (messageId: string) => peer.received.filter((mail) => messageIdOf(mail) === messageId).length;
  const counts = outbox.map((row) => `${row.to}: ${received(row.message_id)}`);
  check(outbox.length >= 3, `at least the confirmation, the submission and the answer (${outbox.length})`);
  check(
    outbox.every((row) => received(row.message_id) === 1),
    `each mail received once: ${counts.join(', ')}`,
  );
  check(
    peer.received.length === outbox.length,
    `nothing else was sent (${peer.received.length} received, ${outbox.length} queued)`,
  );

  step('/readyz on both servers and through nginx');
  for (const port of [portA, portB]) await ready(port);
  check((await site443.send('/readyz')).status === 200, '/readyz through nginx');

  step('the backup service: deploy/pest-backup.sh with the units’ environment, and its retention');
  const backupUnit = readServiceUnit(path.join(deployDir, 'pest-backup.service'), paths);
  const oldBackup = path.join(backupsDir, '2020-01-01T031500Z');
  fs.mkdirSync(oldBackup, { recursive: true });
  const longAgo = new Date(Date.now() - 40 * 86_400_000);
  fs.utimesSync(oldBackup, longAgo, longAgo);
  const keptBackup = path.join(backupsDir, '2020-01-02T031500Z');
  fs.mkdirSync(keptBackup);
  const backup = await runCommand(backupUnit.command, {
    cwd: backupUnit.workingDirectory,
    env: serviceEnvironment(backupUnit, extra),
  });
  check(backup.status === 0, `the backup ran: ${backup.stdout}${backup.stderr}`);
  check(!fs.existsSync(oldBackup) && fs.existsSync(keptBackup), 'a backup older than BACKUP_RETENTION_DAYS is removed');
  const written = fs.readdirSync(backupsDir).filter((name) => name !== path.basename(keptBackup));
  check(written.length === 1, `one new backup folder (${written})`);
  const manifest = JSON.parse(fs.readFileSync(path.join(backupsDir, written[0]!, 'manifest.json'), 'utf8')) as {
    database: { format: string };
    files: unknown[];
  };
  check(
    manifest.database.format === 'pg_dump-custom' || manifest.database.format.includes('pg'),
    `a pg_dump (${manifest.database.format})`,
  );
  check(manifest.files.length >= 3, `the photos from S3 are in it (${manifest.files.length} files)`);

  step('logs: JSON lines from the servers and the worker; no token, address or phone in nginx’s log');
  for (const service of [serverA, serverB, worker]) {
    const lines = service.output
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    check(
      lines.length > 0 && notJson.length === 0,
      `${service.name} logs JSON only: ${notJson.slice(0, 3).join(' | ')}`,
    );
  }
  const accessLog = fs.readFileSync(path.join(nginxPrefix, 'logs', 'access.log'), 'utf8');
  check(accessLog.includes('/confirm-email '), 'the access log has the confirmation visit');
  for (const secret of ['token=', token, created.token, email, askerEmail, askerPhone, password]) {
    check(!accessLog.includes(secret), `nginx's access log never holds ${secret.slice(0, 12)}…`);
  }

  step('stop: every process exits by itself after SIGTERM');
  for (const service of [serverA, serverB, worker]) {
    const stopped = await stopService(service);
    check(stopped.code === 0, `${service.name} exited with ${stopped.code}`);
  }

  verifyUnits(paths);
  checkLogrotate();
  step(`passed: ${retries} request(s) retried while server B stopped`);
}

/**
 * Runs a command to its end without blocking this process: the S3 store and the SMTP peer the
 * command may talk to live in it.
 */
function runCommand(
  command: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function messageIdOf(mail: ReceivedMail): string {
  return /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '';
}

const mailsRead = new Map<string, number>();
/** The next mail to `to` not read yet, decoded. */
async function nextMail(peer: SmtpPeer, to: string): Promise<ReadMail> {
  const skip = mailsRead.get(to) ?? 0;
  const toThem = () => peer.received.filter((mail) => mail.to.includes(to));
  const mail = await peer.waitFor((candidate) => toThem().indexOf(candidate) === skip, patienceMs);
  mailsRead.set(to, skip + 1);
  return readMime(mail.raw);
}

/** `systemd-analyze verify` on the units, their paths made this machine's, where the command exists. */
function verifyUnits(paths: Record<string, string>) {
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  if (analyze.error) {
    step('systemd-analyze is not installed: the units are not verified here');
    return;
  }
  step('systemd-analyze verify deploy/*.service and the timer');
  const folder = path.join(workDir, 'units');
  fs.mkdirSync(folder, { recursive: true });
  const names = ['pest-server@.service', 'pest-worker.service', 'pest-backup.service', 'pest-backup.timer'];
  for (const name of names) {
    let text = fs.readFileSync(path.join(deployDir, name), 'utf8');
    for (const [from, to] of Object.entries(paths)) text = text.replaceAll(from, to);
    fs.writeFileSync(path.join(folder, name), text);
  }
  // A template is verified through an instance of it.
  fs.copyFileSync(path.join(folder, 'pest-server@.service'), path.join(folder, 'pest-server@3001.service'));
  const files = ['pest-server@3001.service', 'pest-worker.service', 'pest-backup.service', 'pest-backup.timer'];
  const result = spawnSync('systemd-analyze', ['verify', ...files.map((name) => path.join(folder, name))], {
    encoding: 'utf8',
    cwd: folder,
  });
  // Without a running systemd it cannot look up the pest user or the other units it names.
  const problems = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter(
      (line) =>
        !/Failed to (connect|create|initialize|set up)|System has not been booted|postgresql\.service|network-online\.target|pest user|User=pest/i.test(
          line,
        ),
    );
  check(result.status === 0 && problems.length === 0, `systemd-analyze verify:\n${result.stdout}${result.stderr}`);
}

/** logrotate's dry run of deploy/logrotate-pest-nginx, where logrotate exists. */
function checkLogrotate() {
  const probe = spawnSync('logrotate', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    step('logrotate is not installed: deploy/logrotate-pest-nginx is not checked here');
    return;
  }
  const result = spawnSync('logrotate', ['--debug', path.join(deployDir, 'logrotate-pest-nginx')], {
    encoding: 'utf8',
  });
  check(result.status === 0 && !/error:/i.test(result.stderr), `logrotate --debug: ${result.stderr}`);
}

async function cleanUp() {
  for (const service of services) service.child.kill('SIGKILL');
  nginx?.process.kill('SIGQUIT');
  await db.end().catch(() => undefined);
  await s3?.close().catch(() => undefined);
  await smtp?.close().catch(() => undefined);
}

// Interrupted (Ctrl-C, or `npm test` stopping its stages): the servers, the worker and nginx go too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

try {
  await main();
  await cleanUp();
  process.exit(0);
} catch (error) {
  console.error(`\n✗ deploy test failed: ${error instanceof Error ? error.stack : String(error)}`);
  for (const service of services) {
    console.error(`\n--- last output of ${service.name} ---\n${service.output.join('').slice(-4000)}`);
  }
  if (nginx) {
    const errorLog = path.join(workDir, 'nginx', 'logs', 'error.log');
    const text = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
    console.error(`\n--- nginx ---\n${nginx.log.join('')}${text.slice(-3000)}`);
  }
  await cleanUp();
  process.exit(1);
}
