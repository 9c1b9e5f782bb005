import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { migrationsFolder } from '../database/migrations-folder';
// The route config's quietLog.
import type {} from '../http/request-log';
import { checkReadiness, readMigrationJournal, type Readiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness (platform/health): `drain()` turns /readyz to 503 for the rest of the process's life. */
    health: Health;
  }
}

export interface Health {
  readonly draining: boolean;
  /** Called when the process starts to stop (SIGTERM): a proxy probing /readyz takes it out of rotation. */
  drain(): void;
}

/** Probes within this time share one check, so a flood of /readyz cannot become a flood of database queries and storage writes. */
const sharedCheckMs = 500;

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it can serve: database, migrations, invalidation listener,
 * storage; not draining), under BASE_PATH, outside the rate budgets and logged at debug (decision 0318).
 */
export const healthPlugin = fp(
  async function health(
    app: FastifyInstance,
    options: { basePath: string; partTimeoutMs: number; migrationsFolder?: string },
  ) {
    const journal = readMigrationJournal(options.migrationsFolder ?? migrationsFolder);
    let draining = false;
    const health: Health = {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    };
    app.decorate('health', health);
    app.addHook('preClose', () => health.drain());

    let latest: { at: number; result: ReturnType<typeof checkReadiness> } | null = null;
    let lastChecks = '';
    const check = () => {
      const now = Date.now();
      if (latest && now - latest.at < sharedCheckMs) return latest.result;
      const result = checkReadiness({
        db: app.db,
        invalidation: app.invalidation,
        storage: app.storage,
        journal,
        partTimeoutMs: options.partTimeoutMs,
      });
      latest = { at: now, result };
      void result.then((readiness) => {
        const summary = JSON.stringify(readiness.checks);
        if (summary === lastChecks) return;
        lastChecks = summary;
        if (readiness.ready) app.log.info({ checks: readiness.checks }, 'ready');
        else {
          app.log.warn(
            {
              checks: readiness.checks,
              missingMigrations: readiness.missingMigrations,
              err: readiness.errors.database ?? readiness.errors.storage,
            },
            'not ready',
          );
        }
      });
      return result;
    };

    const config = { rateLimitBudget: false as const, quietLog: true, plainHttpAllowed: true };
    app.get(`${options.basePath}/healthz`, { config, schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });
    app.get(`${options.basePath}/readyz`, { config, schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness: Readiness = await check();
      const failing = Object.entries(readiness.checks)
        .filter(([, state]) => state !== 'ok')
        .map(([part]) => part);
      if (draining) failing.push('draining');
      const body = {
        status: failing.length === 0 ? 'ready' : draining ? 'draining' : 'not ready',
        checks: { ...readiness.checks, draining },
        ...(failing.length > 0 ? { failing } : {}),
        ...(readiness.missingMigrations.length > 0 ? { missingMigrations: readiness.missingMigrations } : {}),
      };
      return reply.status(failing.length === 0 ? 200 : 503).send(body);
    });
  },
  { name: 'health', dependencies: ['database', 'invalidation', 'storage'] },
);
