// The real server (same buildApp as apps/server/src/main.ts) with the web build read from
// WEB_BUILD_DIR, so a benchmark can serve its own copy while other work rebuilds apps/web/build.
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';

// The load generator is one client: lift its budgets (decision 0065) so the bench measures the
// server, not the limit. The counting itself still runs on every request.
for (const budget of ['PAGE', 'API', 'FILES', 'SUGGEST']) process.env[`RATE_LIMIT_${budget}_MAX`] ??= '1000000000';
const env = loadEnv();
const webBuildDir = process.env.WEB_BUILD_DIR;
const app = await buildApp({ env, ...(webBuildDir ? { webBuildDir } : {}) });
await app.listen({ host: env.HOST, port: env.PORT });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
