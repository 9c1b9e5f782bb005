import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { RecordViewCounter } from './record-view-counter';
import { records, recordViewMarks } from './schema';
import { createRecords } from './services/create-record';
import { recordFixture } from './test/record-fixtures';

const hourMs = 60 * 60 * 1000;

describe('RecordViewCounter', () => {
  let test: TestApp;
  const views = async (id: number) =>
    (await test.app.db.select({ views: records.views }).from(records).where(eq(records.id, id)))[0]?.views;
  const counter = (clock: { now: number }) =>
    new RecordViewCounter(test.app.db, {
      now: () => clock.now,
      onError: (error) => {
        throw error;
      },
    });

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  }, 60_000);
  afterAll(() => test.close());

  it('counts a view once per visitor, record and hour, however often it is reported', async () => {
    const [a, b] = (await createRecords(test.app.db, [
      recordFixture({ cName: '甲' }),
      recordFixture({ cName: '乙' }),
    ])) as [number, number];
    const clock = { now: Date.parse('2026-05-04T08:10:00Z') };
    const views1 = counter(clock);

    // A loop of 50 views from one client, spread over several writes, adds one.
    for (let round = 0; round < 5; round += 1) {
      for (let view = 0; view < 10; view += 1) views1.add(a, '203.0.113.9');
      await views1.flush();
    }
    expect(await views(a)).toBe(1);

    // Two clients add two; another record counts on its own; a missing record is skipped.
    views1.add(a, '198.51.100.4');
    views1.add(b, '203.0.113.9');
    views1.add(999_999, '203.0.113.9');
    await views1.flush();
    expect(await views(a)).toBe(2);
    expect(await views(b)).toBe(1);

    // Still the same hour: nothing more. The next hour: counted again.
    clock.now += 45 * 60 * 1000;
    views1.add(a, '203.0.113.9');
    await views1.flush();
    expect(await views(a)).toBe(2);
    clock.now += hourMs;
    views1.add(a, '203.0.113.9');
    await views1.flush();
    expect(await views(a)).toBe(3);
  });

  it('does not count one visitor twice across processes, and stores no address', async () => {
    const [id] = (await createRecords(test.app.db, [recordFixture({ cName: '丙' })])) as [number];
    const clock = { now: Date.parse('2026-05-04T09:30:00Z') };
    // Two counters on one database stand for two server processes.
    const first = counter(clock);
    const second = counter(clock);
    first.add(id, '2001:db8::1');
    second.add(id, '2001:db8::1');
    await Promise.all([first.flush(), second.flush()]);
    second.add(id, '2001:db8::1');
    await second.flush();
    expect(await views(id)).toBe(1);

    const marks = await test.app.db.select().from(recordViewMarks).where(eq(recordViewMarks.recordId, id));
    expect(marks).toHaveLength(1);
    expect(marks[0]?.visitor).not.toContain('2001');
    expect(marks[0]?.visitor).toMatch(/^[\w-]{22}$/);
  });

  it('deletes marks older than the hour before', async () => {
    const [id] = (await createRecords(test.app.db, [recordFixture({ cName: '丁' })])) as [number];
    const clock = { now: Date.parse('2026-05-05T10:00:00Z') };
    const views1 = counter(clock);
    views1.add(id, '192.0.2.1');
    await views1.flush();
    const marksOf = async () =>
      (await test.app.db.select().from(recordViewMarks).where(eq(recordViewMarks.recordId, id))).length;
    expect(await marksOf()).toBe(1);
    clock.now += 3 * hourMs;
    await views1.flush();
    expect(await marksOf()).toBe(0);
  });
});
