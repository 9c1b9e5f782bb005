// Memory sweep: asks the server for many distinct URLs, each once, the way crawlers and link
// checkers do. Each is a miss for every cache keyed by URL, so what the server keeps per URL
// shows up as growth of its resident memory (read by the caller from /proc afterwards).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface MemorySweepOptions {
  /** Origin of the server, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Paths with query (each asked for once, in order). */
  urls: readonly string[];
  /** Requests in flight at a time. */
  concurrency: number;
  /** Called every `sampleSeconds` while the sweep runs, with the answers so far (the caller reads the RSS). */
  onSample?: (done: number) => void;
  sampleSeconds?: number;
}

export interface MemorySweepResult {
  requests: number;
  /** Count of answers per HTTP status; 0 stands for a failed request. */
  statuses: Record<number, number>;
  seconds: number;
}

/**
 * Distinct URLs for a sweep: record pages with an extra query (each a page-cache miss and entry),
 * records that do not exist, unknown paths, and one in ten a search for a term nobody used before
 * (a search-cache miss that also runs the misspelling suggestions — the slowest page, so kept rarer).
 */
export function distinctSweepUrls(count: number, recordIds: readonly number[]): string[] {
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = recordIds[index % Math.max(1, recordIds.length)] ?? index;
    const kind = index % 10;
    if (kind === 9) urls.push(`/search/bug?term=${encodeURIComponent(`蟲${index}`)}`);
    // `list` keys the record page (decision 0380): an unknown parameter such as `from` would be the stored copy.
    else if (kind < 5) urls.push(`/search/bug/detail?id=${id}&list=term%3Dsweep-${index}`);
    else if (kind < 7) urls.push(`/search/bug/detail?id=${1_000_000 + index}`);
    else urls.push(`/no-such-page/${index}`);
  }
  return urls;
}

export async function runMemorySweep(options: MemorySweepOptions): Promise<MemorySweepResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const statuses: Record<number, number> = {};
  const get = (url: string) =>
    new Promise<number>((resolve) => {
      http
        .get(`${options.baseUrl}${url}`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', () => resolve(0));
        })
        .on('error', () => resolve(0));
    });
  let next = 0;
  const started = performance.now();
  const sampler = options.onSample
    ? setInterval(() => options.onSample?.(next), 1000 * (options.sampleSeconds ?? 60))
    : undefined;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.urls.length) {
        const url = options.urls[next] as string;
        next += 1;
        const status = await get(url);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  clearInterval(sampler);
  agent.destroy();
  return { requests: options.urls.length, statuses, seconds: (performance.now() - started) / 1000 };
}
