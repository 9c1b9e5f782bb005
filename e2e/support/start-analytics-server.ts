// A second server for the analytics tests: the same application, with a Google tag set in the
// system settings (as an administrator would), so page views are sent on every navigation.
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { systemSettings } from '../../apps/server/src/site/schema';

export const analyticsTagId = 'G-E2ETEST01';

const env = loadEnv();
const app = await buildApp({ env });
await app.db.update(systemSettings).set({ gTag: analyticsTagId }).where(eq(systemSettings.id, 1));
await app.services.site.invalidateSystemSettings();
await app.listen({ host: env.HOST, port: env.PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
