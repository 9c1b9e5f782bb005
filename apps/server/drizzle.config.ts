import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's own tables and each feature's schema.ts (the manifests declare the same modules;
  // features.test.ts checks that they agree).
  schema: [
    './apps/server/src/platform/database/seed-runs.schema.ts',
    './apps/server/src/platform/http/rate-limit/rate-limit.schema.ts',
    './apps/server/src/platform/privacy/visitor-salt.schema.ts',
    './apps/server/src/*/schema.ts',
  ],
  out: './apps/server/drizzle',
});
