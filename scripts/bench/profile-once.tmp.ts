import { startServer } from './server-process';
import { cpuMilliseconds } from './server-process';
const paths = process.argv.slice(2);
const server = await startServer({ profileDir: process.env.PROFILE_DIR, databaseUrl: process.env.TEST_DATABASE_URL || undefined });
const pid = server.child.pid as number;
let n = 0;
for (const p of paths) {
  for (let i = 0; i < 30; i++) await (await fetch(server.origin + p.replace('ID', `w${i}x${Date.now()}`))).arrayBuffer();
  const from = ((Date.now() - server.startedAt) / 1000).toFixed(1);
  const before = cpuMilliseconds(pid);
  const t = Date.now();
  for (let i = 0; i < 150; i++) { const r = await fetch(server.origin + p.replace('ID', `r${n++}`)); await r.arrayBuffer(); if (r.status !== 200 && i===0) console.log('status', r.status); }
  console.log(`${p}: ${((cpuMilliseconds(pid) - before) / 150).toFixed(2)} ms CPU/req, wall ${((Date.now()-t)/150).toFixed(1)} ms, from ${from} to ${((Date.now() - server.startedAt) / 1000).toFixed(1)}`);
}
await server.stop();
