import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueueStats } from '../jobs/background-jobs';
import type { PageCache } from '../ssr/page-cache';

/** What the metrics read on a scrape; each part is optional (a worker has no page cache). */
export interface MetricSources {
  /** The page cache whose plain counters the fast path and the SSR route increment. */
  pageCache?: PageCache;
  /** The route pattern the fast path's answers count under: Fastify's catch-all page route. */
  pageRoute: string;
  jobs?: { queueStats(): Promise<JobQueueStats[]>; failuresByJob: ReadonlyMap<string, number> };
  mail?: { backlog(): Promise<{ waiting: number; failing: number }> };
  /** The PostgreSQL pool (node-postgres), absent on the embedded database. */
  pool?: () => { totalCount: number; idleCount: number; waitingCount: number } | null;
  /** A part that failed on a scrape: its metric is left out, the rest still answer. */
  onError(part: string, error: unknown): void;
}

const fastPathLabels = [
  { method: 'GET', status_code: '200' },
  { method: 'GET', status_code: '304' },
  { method: 'HEAD', status_code: '200' },
  { method: 'HEAD', status_code: '304' },
] as const;

/**
 * The process's Prometheus metrics (decision 0319), in a registry of its own (a test runs several apps in one
 * process).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status_code'>;
  readonly #durations: Histogram<'method' | 'route' | 'status_code'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const { pageCache } = sources;
    const seenFastPath = [0, 0, 0, 0];
    this.#requests = new Counter({
      name: 'pest_http_requests_total',
      help: 'Answered requests by method, matched route pattern and status, cached pages of the fast path included.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
      collect() {
        if (!pageCache) return;
        fastPathLabels.forEach((labels, slot) => {
          const total = pageCache.counts.fastPath[slot] ?? 0;
          const delta = total - (seenFastPath[slot] ?? 0);
          if (delta > 0)
            this.inc({ method: labels.method, route: sources.pageRoute, status_code: labels.status_code }, delta);
          seenFastPath[slot] = total;
        });
      },
    });
    this.#durations = new Histogram({
      name: 'pest_http_request_duration_seconds',
      help: 'Time to answer requests Fastify handled (the fast path’s cached pages take microseconds and are only counted).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    if (pageCache) {
      counterOf(
        registers,
        'pest_page_cache_hits_total',
        'Pages answered from the page cache (fast path and Fastify).',
        () => pageCache.counts.fastPath.reduce((sum, count) => sum + count, pageCache.counts.hits),
      );
      counterOf(
        registers,
        'pest_page_cache_misses_total',
        'Cacheable pages that had to be rendered.',
        () => pageCache.counts.misses,
      );
      counterOf(
        registers,
        'pest_page_cache_stale_total',
        'Stored pages sent marked stale because the database could not render them (decision 0345).',
        () => pageCache.counts.stale,
      );
      new Gauge({
        name: 'pest_page_cache_entries',
        help: 'Pages held in the page cache.',
        registers,
        collect() {
          this.set(pageCache.size);
        },
      });
    }
    const { jobs, mail, pool } = sources;
    if (jobs) {
      new Gauge({
        name: 'pest_jobs',
        help: 'Jobs by name and state: queued (waiting or waiting for a retry), active, failed (kept 14 days).',
        labelNames: ['job', 'state'],
        registers,
        async collect() {
          this.reset();
          try {
            for (const queue of await jobs.queueStats()) {
              this.set({ job: queue.name, state: 'queued' }, queue.queued);
              this.set({ job: queue.name, state: 'active' }, queue.active);
              this.set({ job: queue.name, state: 'failed' }, queue.failed);
            }
          } catch (error) {
            sources.onError('jobs', error);
          }
        },
      });
      new Counter({
        name: 'pest_job_failures_total',
        help: 'Job runs that failed in this process, by job.',
        labelNames: ['job'],
        registers,
        collect() {
          this.reset();
          for (const [job, failures] of jobs.failuresByJob) this.inc({ job }, failures);
        },
      });
    }
    if (mail) {
      new Gauge({
        name: 'pest_mail_outbox',
        help: 'Outbox mails not sent yet (waiting), and those of them whose last try failed (failing).',
        labelNames: ['state'],
        registers,
        async collect() {
          this.reset();
          try {
            const backlog = await mail.backlog();
            this.set({ state: 'waiting' }, backlog.waiting);
            this.set({ state: 'failing' }, backlog.failing);
          } catch (error) {
            sources.onError('mail', error);
          }
        },
      });
    }
    if (pool) {
      new Gauge({
        name: 'pest_db_pool_connections',
        help: 'The PostgreSQL pool: open connections (total), idle ones, and queries waiting for one.',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = pool();
          if (!stats) return;
          this.set({ state: 'total' }, stats.totalCount);
          this.set({ state: 'idle' }, stats.idleCount);
          this.set({ state: 'waiting' }, stats.waitingCount);
        },
      });
    }
  }

  /** Counts one answer Fastify sent (onResponse). */
  countRequest(method: string, route: string, statusCode: number, elapsedMs: number): void {
    const labels = { method, route, status_code: String(statusCode) };
    this.#requests.inc(labels);
    this.#durations.observe(labels, elapsedMs / 1000);
  }

  /** The Prometheus text format. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A counter that follows a running total kept elsewhere: each scrape adds what it grew by since the last. */
function counterOf(registers: Registry[], name: string, help: string, total: () => number): void {
  let seen = 0;
  new Counter({
    name,
    help,
    registers,
    collect() {
      const now = total();
      this.inc(now - seen);
      seen = now;
    },
  });
}
