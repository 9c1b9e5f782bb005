#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built client
// (JavaScript, CSS, SVG, HTML, JSON, text), at the highest levels, once per build: @fastify/static
// serves them with `preCompressed: true`, so an asset costs no compression per request (decision 0056).
// A copy is written only when it is smaller than the file. Part of the web app's build script:
//   node scripts/precompress-assets.mjs [client folder]   (default: $WEB_BUILD_DIR/client or build/client)
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(?:js|mjs|css|svg|html|json|txt|xml|map|webmanifest)$/i;
/** Below this size a compressed copy saves less than the headers it costs. */
const minimumBytes = 1024;

const clientDir = path.resolve(process.argv[2] ?? path.join(process.env.WEB_BUILD_DIR ?? 'build', 'client'));

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
const jobs = [];
for await (const file of files(clientDir)) {
  if (!compressible.test(file)) continue;
  jobs.push(
    (async () => {
      const content = await fs.readFile(file);
      if (content.length < minimumBytes) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
      count += 1;
      before += content.length;
      after += Math.min(br.length, content.length);
    })(),
  );
}
await Promise.all(jobs);
console.log(
  `precompressed ${count} files in ${path.relative(process.cwd(), clientDir) || '.'}: ` +
    `${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with Brotli`,
);
