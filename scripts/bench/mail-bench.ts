// Mail benchmark: queues a burst of mails in one transaction into the outbox of the real
// application (PGlite in a temporary folder, or the PostgreSQL server named by TEST_DATABASE_URL)
// and prints how many a minute the job worker hands to a local SMTP server (smtp-server on the
// loopback, answering at once). Goal: at least 600 a minute. Figures only; it asserts nothing.
//   node --import tsx scripts/bench/mail-bench.ts [--mails 1000]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { startSmtpPeer } from '../../apps/server/src/test/smtp-peer';

const { values } = parseArgs({ options: { mails: { type: 'string', default: '1000' } } });
const count = Number(values.mails);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-mail-bench-'));
const peer = await startSmtpPeer();
const app = await buildApp({
  env: loadEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_CONTENT: 'false',
    SMTP_URL: peer.url,
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  }),
  web: false,
  logger: false,
});
try {
  const started = performance.now();
  await app.db.transaction(async (tx) => {
    for (let n = 0; n < count; n += 1) {
      await app.mail.queue(tx, { to: `farmer${n}@example.org`, subject: `基準測試 ${n}`, text: '內容' });
    }
  });
  const queued = performance.now();
  await new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (peer.received.length >= count) {
        clearInterval(check);
        resolve();
      }
    }, 20);
  });
  const sent = performance.now();
  const perMinute = (count / (sent - queued)) * 60_000;
  console.log(`  queueing ${count} mails in one transaction: ${((queued - started) / 1000).toFixed(1)} s`);
  console.log(
    `  ${count} mails handed to a local SMTP server in ${((sent - queued) / 1000).toFixed(1)} s: ` +
      `${perMinute.toFixed(0)} a minute (goal ≥ 600)`,
  );
} finally {
  await app.close();
  await peer.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
