#!/usr/bin/env node
// npm run test:deploy: the production set-up of deploy/ tested on this machine
// (decision 0341). Installs Debian's nginx with apt-get when missing (non-interactive; through
// sudo only when not root), waits for the production build (under `npm test`, for the build
// stage's ready file; alone, it builds when apps/server/dist or the web build is missing), makes a
// self-signed certificate for 127.0.0.1 with openssl, then runs scripts/deploy-test/deploy-journey.ts
// against a throwaway PostgreSQL 15 (scripts/with-postgres.mjs). Everything listens on 127.0.0.1;
// every process and folder is removed at the end, also on failure or Ctrl-C.
//   DEPLOY_TEST_PORT=3400 npm run test:deploy    nginx on 3400 (https) and 3401 (http), servers on 3402-3403
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSelfSignedCertificate } from './self-signed-certificate.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const began = Date.now();
const say = (text) => console.log(`test-deploy [${((Date.now() - began) / 1000).toFixed(1)} s] ${text}`);

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`test-deploy: ${[file, ...args].join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const hasCommand = (name) => !spawnSync('sh', ['-c', `command -v ${name}`]).status;

if (!hasCommand('nginx') && !fs.existsSync('/usr/sbin/nginx')) {
  say("installing Debian's nginx");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) =>
    process.getuid?.() === 0
      ? run('apt-get', args, { env })
      : run('sudo', ['--preserve-env=DEBIAN_FRONTEND', 'apt-get', ...args], { env });
  aptGet(['update']);
  aptGet(['install', '-y', 'nginx']);
}
// Debian puts nginx in /usr/sbin, which an ordinary user's PATH may lack.
process.env.PATH = `${process.env.PATH ?? ''}${path.delimiter}/usr/sbin`;

// The build: `npm test` writes WEB_BUILD_READY_FILE once its build stage has passed (scripts/test.mjs).
const readyFile = process.env.WEB_BUILD_READY_FILE;
if (readyFile) {
  say('waiting for the production build of the test run');
  while (!fs.existsSync(readyFile)) await new Promise((resolve) => setTimeout(resolve, 250));
} else if (
  !fs.existsSync(path.join(repoRoot, 'apps', 'server', 'dist', 'main.js')) ||
  !fs.existsSync(path.join(repoRoot, 'apps', 'web', 'build', 'server'))
) {
  say('no production build: npm run build');
  run('npm', ['run', 'build'], { cwd: repoRoot });
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-deploy-'));
// Others may pass through (PostgreSQL's account, nginx's workers), not list.
fs.chmodSync(workDir, 0o711);
const cleanUp = () => fs.rmSync(workDir, { recursive: true, force: true });
process.on('exit', cleanUp);

say('self-signed certificate for 127.0.0.1 (openssl)');
makeSelfSignedCertificate(workDir);

// The journey trusts the certificate as a browser told to would (NODE_EXTRA_CA_CERTS is read at start).
const node = process.execPath;
const child = spawn(
  node,
  ['scripts/with-postgres.mjs', node, '--import', 'tsx', 'scripts/deploy-test/deploy-journey.ts'],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      DEPLOY_TEST_DIR: workDir,
      NODE_EXTRA_CA_CERTS: path.join(workDir, 'cert.pem'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  say(code === 0 ? 'passed' : `failed (${code ?? signal})`);
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
});
