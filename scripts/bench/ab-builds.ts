// Two server builds side by side, for an optimisation's before and after on a shared machine
// (docs/performance.md, "From-scratch renders, second round"): each build started as `npm run serve`
// starts the server (its own embedded database and data folder, the same web build), then every page
// kind asked of both alternately, one request at a time, each URL new, so both see the same load.
// Prints the processor time per render of each (from /proc) and the change, and each one's RSS.
//   cp -r apps/server/dist apps/server/dist-before   # on the commit before, after `npm run build:server`
//   node --import tsx scripts/bench/ab-builds.ts dist-before dist [--renders 100] [--records 20]
// A change to a route module too: --web-a / --web-b name each one's web build folder under apps/web.
// Or one build under two starts (decision 0434): --flags-a / --flags-b replace `npm run serve`'s Node flags, e.g.
//   ab-builds.ts dist dist --flags-a="--max-semi-space-size=16 --optimize-for-size" --flags-b="--max-semi-space-size=16"
// --postgres: both on a throwaway PostgreSQL 15 (scripts/with-postgres.mjs), a database each, started as
// `npm run serve:postgres` starts the server (decision 0459).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createEmptyPostgresDatabase } from '../../apps/server/src/platform/database/test/empty-postgres-database';
import { recordIds } from './bench-visitors';
import {
  cpuMilliseconds,
  rssMegabytes,
  runAgainWithPostgres,
  serveCommand,
  startServer,
  type ServerUnderTest,
} from './server-process';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    renders: { type: 'string', default: '100' },
    records: { type: 'string', default: '20' },
    'flags-a': { type: 'string' },
    'flags-b': { type: 'string' },
    // Web build folders under apps/web for each (a change to a route module): `build` by default.
    'web-a': { type: 'string' },
    'web-b': { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});
if (positionals.length !== 2)
  throw new Error('usage: ab-builds.ts <dist folder A> <dist folder B> (under apps/server)');

if (values.postgres && !process.env.TEST_DATABASE_URL) process.exit(runAgainWithPostgres(import.meta.url));

/** A database of its own on the throwaway server for each of the two (--postgres), else none. */
async function databaseFor(index: number): Promise<string | undefined> {
  const serverUrl = values.postgres ? process.env.TEST_DATABASE_URL : undefined;
  return serverUrl ? (await createEmptyPostgresDatabase(serverUrl, `ab_${index}`)).url : undefined;
}

interface Running extends ServerUnderTest {
  name: string;
  pid: number;
}

async function start(dist: string, index: number): Promise<Running> {
  const flags = values[index === 0 ? 'flags-a' : 'flags-b']?.split(/\s+/).filter(Boolean);
  const name = flags ? `${dist} (${flags.join(' ')})` : dist;
  const databaseUrl = await databaseFor(index);
  // Renders, not refusals, are measured: the overload guard is off (the budgets are off in startServer).
  const server = await startServer({
    serverDist: dist,
    databaseUrl,
    webBuild: values[index === 0 ? 'web-a' : 'web-b'],
    quiet: true,
    nodeFlags: flags ?? serveCommand(databaseUrl ? 'serve:postgres' : 'serve').nodeFlags,
    env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' },
  });
  return Object.assign(server, { name, pid: server.child.pid as number });
}

const builds = await Promise.all(positionals.map(start));
const [first, second] = builds as [Running, Running];
try {
  const ids = (await recordIds(second.origin)).slice(0, Number(values.records));
  // `[<id>]`: a fresh value in every request; `[<record>]`: one of the first records (warmed up).
  const kinds: Array<[string, string]> = [
    ['home', '/?news=[<id>]'],
    ['record page', '/search/bug/detail?id=[<record>]&tab=life&list=term%3D[<id>]'],
    ['search, a new term', '/search/bug?term=[<id>]'],
    ['search, a real word and a new one', '/search/bug?term=%E5%A4%9C%E8%9B%BE+[<id>]'],
    ['IPM list', '/IPM?term=&term=[<id>]'],
    ['publications', '/publication?page=1&page=[<id>]'],
  ];
  console.log(`${first.name} against ${second.name}; load average ${os.loadavg()[0]?.toFixed(1)} at the start`);
  const renders = Number(values.renders);
  let fresh = 0;
  for (const [name, template] of kinds) {
    const url = (index: number) =>
      template.replace('[<record>]', String(ids[index % ids.length])).replace('[<id>]', `ab${(fresh += 1)}`);
    const ask = async (build: Running, index: number) => {
      const response = await fetch(`${build.origin}${url(index)}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${build.name} ${name}: ${response.status}`);
    };
    for (let index = 0; index < ids.length; index += 1) for (const build of builds) await ask(build, index);
    const before = builds.map((build) => cpuMilliseconds(build.pid));
    for (let index = 0; index < renders; index += 1) for (const build of builds) await ask(build, index);
    const [a, b] = builds.map((build, at) => (cpuMilliseconds(build.pid) - (before[at] as number)) / renders) as [
      number,
      number,
    ];
    console.log(
      `${name}: ${a.toFixed(1)} → ${b.toFixed(1)} ms of CPU a render (${((100 * (b - a)) / a).toFixed(0)} %), ` +
        `RSS ${builds.map((build) => rssMegabytes(build.pid).toFixed(0)).join(' and ')} MiB, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
  }
} finally {
  await Promise.all(builds.map((build) => build.stop()));
}
