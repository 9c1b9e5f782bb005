// Background work on ten years of data (docs/performance.md, "Ten years of data"): the sitemap and
// the open-data files asked of the running server (its RSS after each), then, on the data folder
// once the server has stopped, the outbox retention job and a rebuild of every case's search row,
// timed, with this process's RSS (the embedded database runs inside it; PostgreSQL does not).
import path from 'node:path';
import { openDataPath } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import { refreshStaleCaseSearch } from '../../apps/server/src/consultation/advisory/services/refresh-case-search';
import { openDatabase } from '../../apps/server/src/platform/database/database';
import { deleteOldMail } from '../../apps/server/src/platform/mail/delete-old-mail';
import type { ServerUnderTest } from './server-process';

const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const ownRss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`;

async function timed(origin: string, pathname: string): Promise<{ ms: number; bytes: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${origin}${pathname}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  return { ms: performance.now() - started, bytes: Buffer.byteLength(text), text };
}

/** The sitemap (an index past 50,000 addresses) and the open-data files, from the running server. */
export async function measureServedBackground(server: ServerUnderTest): Promise<void> {
  const index = await timed(server.origin, '/sitemap.xml');
  const children = [...index.text.matchAll(/<sitemap><loc>[^<]*(\/sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1]);
  let urls = children.length === 0 ? (index.text.match(/<url>/g) ?? []).length : 0;
  let ms = index.ms;
  for (const child of children) {
    const file = await timed(server.origin, child as string);
    ms += file.ms;
    urls += (file.text.match(/<url>/g) ?? []).length;
  }
  console.log(
    `  sitemap: ${urls.toLocaleString('en')} addresses in ${children.length || 1} file(s), ${ms.toFixed(0)} ms in all; server RSS ${server.rss().toFixed(0)} MiB`,
  );
  for (const format of ['csv', 'json'] as const) {
    const file = await timed(server.origin, openDataPath('pesticide-uses', format));
    console.log(
      `  open data, pesticide uses (${format}): ${(file.bytes / 1024 / 1024).toFixed(1)} MiB in ${file.ms.toFixed(0)} ms; server RSS ${server.rss().toFixed(0)} MiB`,
    );
  }
}

/** The outbox retention job and a full rebuild of the case search rows, on the stopped server's data. */
export async function measureJobs(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const { db } = handle;
  try {
    console.log(`  jobs: this process's RSS at the start ${ownRss()}`);
    let started = performance.now();
    const deleted = await deleteOldMail(db, path.join(dataDir, 'outbox'));
    console.log(
      `  retention, outbox mails older than 90 days: ${deleted.toLocaleString('en')} deleted in ${seconds(started)}; RSS ${ownRss()}`,
    );
    await db.execute(sql`update consultation_case_search set source_updated_at = 'epoch'`);
    started = performance.now();
    const rebuilt = await refreshStaleCaseSearch(db);
    console.log(
      `  search index rebuild, every case: ${rebuilt.toLocaleString('en')} rows in ${seconds(started)}; RSS ${ownRss()}`,
    );
  } finally {
    await handle.close();
  }
}
