#!/usr/bin/env node
// `npm start` is the README's demo command: on a fresh machine with no environment set it must
// serve http://localhost:3000. The production server refuses to start without PUBLIC_URL (the
// Host header of a request is never trusted for absolute links), so for the demo this wrapper
// sets PUBLIC_URL to the local address when it is unset, says so in one line, and runs the given
// command (npm run serve). A real deployment runs the server with its own environment instead.
//   node scripts/with-demo-public-url.mjs COMMAND [ARGS...]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-demo-public-url.mjs COMMAND [ARGS...]');
  process.exit(2);
}

const env = { ...process.env };
if (!env.PUBLIC_URL) {
  const port = env.PORT || '3000';
  const basePath = (env.BASE_PATH ?? '').trim().replace(/\/+$/, '');
  env.PUBLIC_URL = `http://localhost:${port}${basePath}`;
  console.log(`PUBLIC_URL is not set: using ${env.PUBLIC_URL} for this local demo (set PUBLIC_URL when deploying).`);
}

const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
child.on('error', (error) => {
  console.error(`Cannot run ${command}: ${error.message}`);
  process.exitCode = 1;
});
