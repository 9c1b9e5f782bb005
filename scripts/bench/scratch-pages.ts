// The `scratch` step of npm run bench: each page kind rendered from scratch, every request a URL the
// page cache has not seen (autocannon's `[<id>]` replaced by a fresh id in each request), compared
// with a bare node:http server sending a sample of the same pages' bytes (bare-comparison.ts). Beside
// each figure: the server's processor time per request (from /proc, so a machine shared with other
// work does not inflate it as it does wall-clock rates), the page cache's hit ratio (from /metrics)
// and the 503s of the overload guard (decision 0381), which count as failures.
import { capture, startBareServer } from './bare-comparison';
import { runLoad, type LoadRequest, type LoadResult } from './load';
import { benchMetricsToken, cpuMilliseconds, type ServerUnderTest } from './server-process';

export interface PageKind {
  name: string;
  /** The load: paths with `[<id>]` where each request gets a fresh id, or distinct real addresses. */
  requests: LoadRequest[];
  /** Concrete addresses of the same kind, captured once for the bare server. */
  sample: string[];
  /** Answered from the page cache after the first request, on purpose: shown beside the renders, not one of them. */
  kept?: boolean;
}

export interface ScratchFigure {
  kind: string;
  result: LoadResult;
  bare: LoadResult;
  /** Server processor time per rendered answer (503s left out), ms: user + system; PGlite runs inside it, PostgreSQL does not. */
  cpuPerRequest: number;
  /** Answers the page cache gave, of all answers. */
  hitRatio: number;
}

const tabs = ['names', 'album', 'classification', 'feature', 'life', 'control', 'pathogen', 'symptoms', 'ecology'];
const words = ['夜蛾', '薊馬', '炭疽病', '白粉病', '葉蟎', '果實蠅', '粉蝨', '蚜蟲', '番茄', '水稻'];

async function status(origin: string, path: string): Promise<number> {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

/** Record names that have a pesticide page (asked once, a few at a time). */
async function pesticideNames(origin: string, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    if ((await status(origin, `/search/bug/detail2?name=${encodeURIComponent(name)}`)) === 200) found.push(name);
    if (found.length >= 8) break;
  }
  return found;
}

/** Every page kind of docs/performance.md's from-scratch table, with URLs that change the page (or, for pages never cached, any URL). */
export async function pageKinds(origin: string, records: Array<{ id: number; CName: string }>): Promise<PageKind[]> {
  const ids = records.map((record) => record.id);
  const names = await pesticideNames(
    origin,
    records.map((record) => record.CName),
  );
  const term = (word: string) => encodeURIComponent(word);
  return [
    // Home and the reading room's pages are kept by the page cache too (decision 0452), keyed by the
    // parameters that change them: a new value of one is a render from scratch. `news` is home's news
    // tab (an unknown class shows the default one); where the first value of a parameter is the one
    // read, a second, fresh value makes an address the cache has not seen for the same real page.
    { name: 'home', requests: [{ path: '/?news=[<id>]' }], sample: ['/'] },
    // The first measurement: an unknown parameter no longer makes a page of its own.
    {
      name: 'home, an unknown parameter (kept)',
      requests: [{ path: '/?from=[<id>]' }],
      sample: ['/'],
      kept: true,
    },
    {
      // A record's tab, reached from a search for a term of its own (the page's back link keeps it).
      name: 'record page',
      requests: ids.flatMap((id, index) => ({
        path: `/search/bug/detail?id=${id}&tab=${tabs[index % tabs.length]}&list=term%3D[<id>]`,
      })),
      sample: ids.slice(0, 8).map((id) => `/search/bug/detail?id=${id}`),
    },
    {
      name: 'search, a new term (no match: suggestions)',
      requests: [{ path: '/search/bug?term=[<id>]' }],
      sample: ['/search/bug?term=zzqqxx', '/search/bug?term=abcdefg'],
    },
    {
      name: 'search, a real word and a new one',
      requests: words.map((word) => ({ path: `/search/bug?term=${term(word)}+[<id>]` })),
      sample: words.slice(0, 4).map((word) => `/search/bug?term=${term(word)}`),
    },
    { name: 'IPM list', requests: [{ path: '/IPM?term=&term=[<id>]' }], sample: ['/IPM'] },
    {
      name: 'pesticide lookup',
      requests: names.map((name) => ({ path: `/search/bug/detail2?name=${term(name)}&moa=[<id>]` })),
      sample: names.slice(0, 4).map((name) => `/search/bug/detail2?name=${term(name)}`),
    },
    {
      name: 'reading-room list (publications)',
      requests: [{ path: '/publication?page=1&page=[<id>]' }],
      sample: ['/publication'],
    },
  ].filter((kind) => kind.requests.length > 0);
}

export async function cacheCounts(origin: string): Promise<{ hits: number; misses: number }> {
  const response = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${benchMetricsToken}` } });
  const text = await response.text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { hits: value('pest_page_cache_hits_total'), misses: value('pest_page_cache_misses_total') };
}

/** One kind: the bare server on its sample, then the real server on fresh URLs, with CPU and cache counts around it. */
export async function measureKind(
  server: ServerUnderTest,
  kind: PageKind,
  load: { connections: number; seconds: number },
): Promise<ScratchFigure> {
  const captures = await Promise.all(kind.sample.map((path) => capture(server.origin, { path })));
  const bareServer = await startBareServer(captures);
  let bare: LoadResult;
  try {
    const bareRequests = kind.sample.map((path) => ({ path }));
    await runLoad({ origin: bareServer.origin, requests: bareRequests, connections: load.connections, seconds: 1 });
    bare = await runLoad({ origin: bareServer.origin, requests: bareRequests, ...load });
  } finally {
    await bareServer.stop();
  }
  const options = { origin: server.origin, requests: kind.requests, idReplacement: true, ...load };
  // A short warm-up on fresh URLs too (the JIT, PGlite's buffers), not counted.
  await runLoad({ ...options, seconds: 1 });
  const pid = server.child.pid as number;
  const before = { cpu: cpuMilliseconds(pid), cache: await cacheCounts(server.origin) };
  const result = await runLoad(options);
  const cpu = cpuMilliseconds(pid) - before.cpu;
  const cache = await cacheCounts(server.origin);
  return {
    kind: kind.name,
    result,
    bare,
    cpuPerRequest: cpu / Math.max(1, result.total - result.status503),
    hitRatio: (cache.hits - before.cache.hits) / Math.max(1, result.total),
  };
}
