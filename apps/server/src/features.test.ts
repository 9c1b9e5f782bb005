import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureTables, features } from './features';
import { seedRuns } from './platform/database/seed-runs.schema';
import { defineFeature } from './platform/feature/feature-manifest';
import { registerInfoCall } from './platform/http/info-call';
import { buildTestApp, type TestApp } from './test/build-test-app';

const sourceDir = fileURLToPath(new URL('.', import.meta.url));

/** What drizzle-kit reads (drizzle.config.ts): every platform `*.schema.ts` and every src/<folder>/schema.ts. */
async function drizzleKitTables(): Promise<Set<unknown>> {
  const modules: Array<Record<string, unknown>> = [];
  for (const file of await readdir(new URL('./platform/', import.meta.url), { recursive: true })) {
    if (file.endsWith('.schema.ts')) modules.push(await import(`./platform/${file}`));
  }
  for (const entry of await readdir(sourceDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const files = await readdir(new URL(`./${entry.name}/`, import.meta.url));
    if (files.includes('schema.ts')) modules.push(await import(`./${entry.name}/schema.ts`));
  }
  return new Set(modules.flatMap((module) => Object.values(module).filter((value) => is(value, PgTable))));
}

/** A feature that exists only in this test: no tables, one service, a route, a call and a seed. */
const seededGreetings: string[] = [];
const greetingFeature = defineFeature({
  name: 'greeting',
  servicesKey: 'greeting',
  services: ({ db }) => ({
    greet: async (name: string) => {
      const [row] = await db.select().from(seedRuns).limit(1);
      return { text: `你好，${name}`, seeded: row !== undefined };
    },
  }),
  routes(app, services) {
    app.get('/api/v1/greeting', { schema: { hide: true } }, async () => ({ data: await services.greet('訪客') }));
  },
  calls(app, services) {
    registerInfoCall(app, 'greeting', {
      summary: 'A greeting (test feature)',
      body: z.object({ name: z.string().max(20) }),
      data: z.object({ text: z.string(), seeded: z.boolean() }),
      handler: (body) => services.greet(body.name),
    });
  },
  seeds: [
    {
      order: 5,
      set: {
        name: 'test-greeting-v1',
        async run() {
          seededGreetings.push('test-greeting-v1');
        },
      },
    },
  ],
});

describe('feature registry', () => {
  it('declares in its manifests exactly the tables drizzle-kit generates migrations from', async () => {
    const declared = new Set(Object.values(featureTables(features)));
    expect(declared).toEqual(await drizzleKitTables());
  });

  it('gives every feature its own services key', () => {
    const keys = features.map((feature) => feature.servicesKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a feature added through its manifest alone', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp({}, { features: [...features, greetingFeature] });
  });
  afterAll(() => test.close());

  it('serves its route and its information-service call, bound to the app database', async () => {
    const route = await test.app.inject({ method: 'GET', url: '/api/v1/greeting' });
    expect(route.statusCode).toBe(200);
    expect(route.json()).toEqual({ data: { text: '你好，訪客', seeded: true } });

    const call = await test.app.inject({ method: 'POST', url: '/api/info/greeting', payload: { name: '小明' } });
    expect(call.statusCode).toBe(200);
    expect(call.json()).toEqual({ d: { text: '你好，小明', seeded: true } });
  });

  it('has its seed applied once, and the registry features still work beside it', async () => {
    expect(seededGreetings).toEqual(['test-greeting-v1']);
    const runs = await test.app.db.select().from(seedRuns);
    expect(runs.map((run) => run.name)).toContain('test-greeting-v1');
    const carousels = await test.app.inject({ method: 'GET', url: '/api/v1/carousels' });
    expect(carousels.json().data).toHaveLength(3);
  });

  it('is absent from an app built without it', async () => {
    const plain = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/v1/greeting' });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
