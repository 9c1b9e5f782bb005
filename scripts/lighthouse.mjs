#!/usr/bin/env node
// npm run lighthouse [-- --base-url http://127.0.0.1:3000 --runs 3]
// Runs Lighthouse (mobile preset: simulated slow 4G and a mid-range phone's CPU) against a running
// production server (`npm start`) for four pages — home, a search, a record page
// and an IPM sheet — in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), and prints per
// page the performance score, the Largest Contentful Paint and the JavaScript the page loaded:
// as transferred (compressed only if the server compresses), and compressed here with gzip (level 6)
// and Brotli (quality 11), so the budget can be checked whatever the server does. KB = 1,024 bytes.
// Targets: score ≥ 95, LCP ≤ 2.5 s, JavaScript ≤ 120 KB compressed, judged on Brotli, which
// the server sends to every browser that asks for it (all current ones; Lighthouse's Chromium too),
// with gzip (for a client that asks only for it) marked beside it. Marks PASS/FAIL,
// exits 0 either way (scores move with the load of a shared machine); with --runs N the median run
// (by score) of each page is shown.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: process.env.LIGHTHOUSE_BASE_URL ?? 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '1' },
  },
});
const baseUrl = values['base-url'].replace(/\/+$/, '');
const runs = Math.max(1, Number(values.runs));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The first record and the first IPM sheet the site lists, so the pages exist on any data. */
async function samplePages() {
  const search = await fetch(`${baseUrl}/api/info/searchResult`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ term: '', ty: 'y,y,y,y', page: 1, pageSize: 10 }),
  });
  const recordId = (await search.json()).d.items[0]?.id;
  const ipmList = await (await fetch(`${baseUrl}/IPM`)).text();
  const ipmPath = /href="([^"]*\/IPM\/detail\?id=\d+)"/.exec(ipmList)?.[1];
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: `/search/bug?term=${encodeURIComponent('薊馬')}` },
    { name: 'record detail', path: `/search/bug/detail?id=${recordId}` },
    { name: 'IPM detail', path: ipmPath?.replace(/^https?:\/\/[^/]+/, '') ?? '/IPM/detail?id=1' },
  ];
}

const compressedCache = new Map();
/** Bytes of a script gzip-compressed (default level) and Brotli-compressed (quality 11, as precompressed assets are). */
async function compressedBytes(url) {
  if (!compressedCache.has(url)) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    compressedCache.set(url, { gzip: gzipSync(body).length, brotli: brotliCompressSync(body).length });
  }
  return compressedCache.get(url);
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { lhr } = result;
    // A failed run (Chromium's page load timed out, no paint seen) has no score: say so rather than print 0.
    if (lhr.runtimeError || lhr.categories.performance.score === null) {
      const reason = lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint'].errorMessage ?? 'no score';
      console.warn(`lighthouse: ${url} gave no score (${reason}); run it again`);
    }
    const requests = lhr.audits['network-requests'].details.items;
    // Scripts fetched over the network (not data: or blob: URLs, which cost no transfer).
    const scripts = requests.filter((request) => request.resourceType === 'Script' && /^https?:/.test(request.url));
    let gzip = 0;
    let brotli = 0;
    for (const script of scripts) {
      const sizes = await compressedBytes(script.url);
      gzip += sizes.gzip;
      brotli += sizes.brotli;
    }
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      jsTransferred: scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0),
      jsGzip: gzip,
      jsBrotli: brotli,
      scripts: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

const pages = await samplePages();
const rows = [];
for (const page of pages) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    process.stdout.write(`lighthouse: ${page.name} ${page.path} (run ${run + 1} of ${runs})…\n`);
    results.push(await audit(`${baseUrl}${page.path}`));
  }
  results.sort((a, b) => a.score - b.score);
  rows.push({ page, result: results[Math.floor(results.length / 2)] });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok) => (ok ? 'PASS' : 'FAIL');
console.log(
  `\nLighthouse 12 mobile, ${baseUrl}, Chromium at ${chromePath}; targets: score ≥ 95, LCP ≤ 2.5 s, JS ≤ 120 KB compressed`,
);
console.log(
  [
    'page'.padEnd(15),
    'score',
    'LCP    ',
    'JS sent  ',
    'JS gzip  ',
    'JS br    ',
    'files',
    'score LCP  JS(br) JS(gzip)',
  ].join('  '),
);
for (const { page, result } of rows) {
  console.log(
    [
      page.name.padEnd(15),
      String(result.score).padStart(5),
      `${(result.lcpMs / 1000).toFixed(2)} s`.padEnd(7),
      kb(result.jsTransferred).padEnd(9),
      kb(result.jsGzip).padEnd(9),
      kb(result.jsBrotli).padEnd(9),
      String(result.scripts).padStart(5),
      `${mark(result.score >= 95)}  ${mark(result.lcpMs <= 2500)} ${mark(result.jsBrotli <= 120 * 1024)}   ${mark(result.jsGzip <= 120 * 1024)}`,
    ].join('  '),
  );
}
process.exitCode = 0;
