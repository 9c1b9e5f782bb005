// The limit the bench compares the site with: a bare node:http server, in a process of its own,
// that answers each URL with the exact status, headers and body the real server sent for it
// (captured first by run-benchmarks.ts). No framework, no routing beyond one Map lookup.
//   node scripts/bench/bare-server.mjs <captures.json>
// Prints one JSON line {"port": N} once listening; stops on SIGTERM.
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** @type {Array<{ url: string, status: number, headers: Record<string, string>, body: string }>} */
const captures = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const responses = new Map(
  captures.map((capture) => {
    const body = Buffer.from(capture.body, 'base64');
    return [
      capture.url,
      { status: capture.status, headers: { ...capture.headers, 'content-length': String(body.length) }, body },
    ];
  }),
);
const first = responses.values().next().value;

const server = http.createServer((request, response) => {
  const answer = responses.get(request.url) ?? first;
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
// The same keep-alive window as Fastify's default, so both hold connections alike.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
