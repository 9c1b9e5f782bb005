import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadRequest, type LoadResult } from './load';
import { repoRoot, type ServerUnderTest } from './server-process';

/*
 * The limit each page is compared with (run-benchmarks.ts): its answers captured from the real server,
 * then sent byte for byte by bare-server.mjs in a process of its own under the same load.
 */

export interface Capture {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One raw answer, as autocannon would get it (no Accept-Encoding, so no decoding in between). */
export function capture(origin: string, request: LoadRequest): Promise<Capture> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${origin}${request.path}`,
      { method: request.method ?? 'GET', headers: request.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            // Hop-by-hop headers belong to the connection; the bare server sets its own.
            if (value === undefined || ['connection', 'keep-alive', 'transfer-encoding', 'date'].includes(name))
              continue;
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({
            url: request.path,
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Starts bare-server.mjs in its own process with these answers; returns its origin and a stop function. */
export async function startBareServer(captures: Capture[]): Promise<{ origin: string; stop: () => Promise<void> }> {
  const file = path.join(os.tmpdir(), `pest-bench-captures-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(captures));
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/bench/bare-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('\n')) resolve((JSON.parse(output) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with code ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(file, { force: true });
    },
  };
}

/**
 * Loads the server with `requests`, then the bare server sending the same captured answers, each
 * after a short warm-up; the warm-up also fills the page cache as the first visitors would.
 */
export async function compareWithBare(
  server: ServerUnderTest,
  requests: LoadRequest[],
  load: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<{ result: LoadResult; bare: LoadResult }> {
  const withHeaders = requests.map((request) => ({ ...request, headers: { ...load.headers, ...request.headers } }));
  for (const request of withHeaders) await capture(server.origin, request);
  const captures = await Promise.all(withHeaders.map((request) => capture(server.origin, request)));
  const bareServer = await startBareServer(captures);
  try {
    const options = { connections: load.connections, requests: withHeaders };
    await runLoad({ ...options, origin: server.origin, seconds: 2 });
    const result = await runLoad({ ...options, origin: server.origin, seconds: load.seconds });
    await runLoad({ ...options, origin: bareServer.origin, seconds: 2 });
    const bare = await runLoad({ ...options, origin: bareServer.origin, seconds: load.seconds });
    return { result, bare };
  } finally {
    await bareServer.stop();
  }
}
