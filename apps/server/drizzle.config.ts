import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's own tables and each feature's schema.ts (the manifests declare the same modules;
  // features.test.ts checks that they agree).
  schema: ['./apps/server/src/platform/**/*.schema.ts', './apps/server/src/*/schema.ts'],
  out: './apps/server/drizzle',
});
