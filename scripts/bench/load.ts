// One load run: autocannon in a child process of its own (autocannon-worker.mjs), so neither the
// server under test nor this script's event loop limits the rate it can drive.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server-process';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  origin: string;
  requests: LoadRequest[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Replace each `[<id>]` in a request with a fresh unique id (autocannon's idReplacement): every request a distinct URL. */
  idReplacement?: boolean;
}

export interface LoadResult {
  perSecond: number;
  total: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  /** The slowest answer: a stalled event loop shows here, as few answers wait through it. */
  max: number;
  /** Answers 503 (refused while the server was behind, decision 0381); also counted in non2xx. */
  status503: number;
}

interface AutocannonResult {
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number };
  latency: { p50: number; p99: number; max: number };
  statusCodeStats?: Record<string, { count: number }>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const autocannonOptions = {
    url: options.origin,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    // Each connection cycles through the list, so many different pages are asked for.
    requests: options.requests,
    idReplacement: options.idReplacement ?? false,
  };
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/bench/autocannon-worker.mjs'), JSON.stringify(autocannonOptions)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with code ${code}`);
  const result = JSON.parse(output) as AutocannonResult;
  return {
    perSecond: result.requests.total / result.duration,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    status503: result.statusCodeStats?.['503']?.count ?? 0,
  };
}
