import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { RecordViewCounter } from './record-view-counter';
import { records } from './schema';
import { createRecords } from './services/create-record';
import { recordFixture } from './test/record-fixtures';

describe('RecordViewCounter', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  }, 60_000);
  afterAll(() => test.close());

  it('adds the views counted in memory to the records in one write', async () => {
    const [a, b] = await createRecords(test.app.db, [recordFixture({ cName: '甲' }), recordFixture({ cName: '乙' })]);
    const counter = new RecordViewCounter(test.app.db, (error) => {
      throw error;
    });
    counter.add(a as number);
    counter.add(a as number);
    counter.add(b as number);
    counter.add(999_999);
    await counter.flush();
    const views = async (id: number) =>
      (await test.app.db.select({ views: records.views }).from(records).where(eq(records.id, id)))[0]?.views;
    expect(await views(a as number)).toBe(2);
    expect(await views(b as number)).toBe(1);
    await counter.flush();
    expect(await views(a as number)).toBe(2);
  });
});
