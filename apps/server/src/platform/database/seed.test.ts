import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carousels, systemSettings } from '../../site/schema';
import { siteSeed } from '../../site/seed/site-seed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { applySeeds, type SeedSet } from './seed';
import { seedRuns } from './seed-runs.schema';

const quietLog = { info: () => undefined };

/** A seed set adding one carousel row with a recognisable title. */
function carouselSeed(name: string, title: string, failAfterInsert = false): SeedSet {
  return {
    name,
    async run({ db }) {
      await db.insert(carousels).values({ title, pic: 'test.webp', picWidth: 10, picHeight: 10, indexId: 99 });
      if (failAfterInsert) throw new Error('seed failed half-way');
    },
  };
}

describe('applySeeds', () => {
  let test: TestApp;
  beforeAll(async () => {
    // buildApp applies the demo content on start, as a fresh install does.
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  const carouselIds = async () =>
    (await test.app.db.select({ id: carousels.id }).from(carousels).orderBy(asc(carousels.id))).map((row) => row.id);
  const titled = (title: string) => test.app.db.select().from(carousels).where(eq(carousels.title, title));

  it('records the site seed once and a second run applies nothing', async () => {
    const runs = await test.app.db.select().from(seedRuns).where(eq(seedRuns.name, siteSeed.name));
    expect(runs).toHaveLength(1);
    const before = await carouselIds();
    // The home slider's three (the site seed), and one banner per section page (their own seed).
    expect(before).toHaveLength(9);

    expect(await applySeeds(test.app.db, test.app.storage, [siteSeed], quietLog)).toEqual([]);
    expect(await carouselIds()).toEqual(before);
    expect(await test.app.db.select().from(systemSettings)).toHaveLength(1);
  });

  it('applies only the sets not applied yet, in order', async () => {
    const applied = await applySeeds(
      test.app.db,
      test.app.storage,
      [siteSeed, carouselSeed('test-order-a', 'A'), carouselSeed('test-order-b', 'B')],
      quietLog,
    );
    expect(applied).toEqual(['test-order-a', 'test-order-b']);
    const rows = await test.app.db
      .select({ title: carousels.title })
      .from(carousels)
      .where(inArray(carousels.title, ['A', 'B']))
      .orderBy(asc(carousels.id));
    expect(rows.map((row) => row.title)).toEqual(['A', 'B']);
  });

  it('rolls a failing seed set back entirely, so it is tried again next time', async () => {
    const broken = carouselSeed('test-broken', 'half-written', true);
    await expect(applySeeds(test.app.db, test.app.storage, [broken], quietLog)).rejects.toThrow('seed failed half-way');
    expect(await titled('half-written')).toEqual([]);
    expect(await test.app.db.select().from(seedRuns).where(eq(seedRuns.name, 'test-broken'))).toEqual([]);

    const fixed = carouselSeed('test-broken', 'half-written');
    expect(await applySeeds(test.app.db, test.app.storage, [fixed], quietLog)).toEqual(['test-broken']);
    expect(await titled('half-written')).toHaveLength(1);
  });

  it('does not bring back a seeded row deleted before a restart', async () => {
    const [first] = await test.app.db.select().from(carousels).where(eq(carousels.title, '病蟲害知識查詢'));
    expect(first).toBeDefined();
    await test.app.db.delete(carousels).where(eq(carousels.id, first!.id));
    const remaining = await carouselIds();

    await test.restart();

    expect(await carouselIds()).toEqual(remaining);
    expect(await titled('病蟲害知識查詢')).toEqual([]);
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/carousels' });
    expect(response.json().data.map((slide: { title: string }) => slide.title)).not.toContain('病蟲害知識查詢');
  });
});
