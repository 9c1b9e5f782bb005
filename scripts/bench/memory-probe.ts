// Where the server's memory goes while it renders (decision 0442): starts the built server with the given
// Node flags, asks it for rounds of 800 from-scratch renders (record page, search, home, IPM list, each URL
// new) and prints after each round its RSS by mapping (`/proc/PID/smaps`: anonymous memory, which holds
// V8's heap and PGlite's WebAssembly memory; malloc's `[heap]`; the node binary), the processor time a
// render since the first round, and V8's heap figures from /metrics at the end.
//   node --import tsx scripts/bench/memory-probe.ts "--max-semi-space-size=16 --optimize-for-size" [rounds]
// Add `--heapsnapshot-signal=SIGUSR2` to the flags for a heap snapshot (written into the repository
// root, ignored by git) when the rounds end.
import { readFileSync } from 'node:fs';
import { recordIds } from './bench-visitors';
import { benchMetricsToken, cpuMilliseconds, startServer } from './server-process';

const flags = (process.argv[2] ?? '').split(/\s+/).filter(Boolean);
const rounds = Number(process.argv[3] ?? 4);
const rendersPerRound = 800;
// Renders, not refusals, are measured: the overload guard is off.
const server = await startServer({ quiet: true, nodeFlags: flags, env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
const pid = server.child.pid as number;

/** Resident MiB per mapping name, the largest first. */
function residentByMapping(): string {
  const sizes = new Map<string, number>();
  let mapping = '[anon]';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mapping = line.split(/\s+/)[5]?.split('/').pop() || '[anon]';
    else if (line.startsWith('Rss:')) sizes.set(mapping, (sizes.get(mapping) ?? 0) + Number(line.split(/\s+/)[1]));
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, kib]) => `${name} ${(kib / 1024).toFixed(0)}`)
    .join(', ');
}

try {
  console.log(`started: RSS ${server.rss().toFixed(0)} MiB (${residentByMapping()})`);
  const ids = await recordIds(server.origin);
  let fresh = 0;
  let cpuAfterFirstRound = 0;
  for (let round = 1; round <= rounds; round += 1) {
    for (let index = 0; index < rendersPerRound / 4; index += 1) {
      fresh += 1;
      for (const url of [
        `/search/bug/detail?id=${ids[index % ids.length]}&tab=life&list=term%3Dprobe${fresh}`,
        `/search/bug?term=probe${fresh}`,
        `/?news=${fresh}`,
        `/IPM?term=&term=${fresh}`,
      ]) {
        await (await fetch(server.origin + url)).arrayBuffer();
      }
    }
    const cpu =
      round === 1
        ? ''
        : `, ${((cpuMilliseconds(pid) - cpuAfterFirstRound) / ((round - 1) * rendersPerRound)).toFixed(1)} ms of CPU a render since round 1`;
    if (round === 1) cpuAfterFirstRound = cpuMilliseconds(pid);
    console.log(`after ${round * rendersPerRound}: RSS ${server.rss().toFixed(0)} MiB (${residentByMapping()})${cpu}`);
  }
  const metrics = await (
    await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${benchMetricsToken}` } })
  ).text();
  for (const line of metrics.split('\n')) {
    const [name, value] = line.split(' ');
    if (/^nodejs_(heap_size_(total|used)|external_memory)_bytes$/.test(name ?? '')) {
      console.log(`${name}: ${(Number(value) / 1048576).toFixed(0)} MiB`);
    }
  }
  if (flags.some((flag) => flag.startsWith('--heapsnapshot-signal'))) {
    process.kill(pid, 'SIGUSR2');
    // Writing a snapshot of a few hundred MiB takes a while; the server must not be stopped before.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
  }
} finally {
  await server.stop();
}
