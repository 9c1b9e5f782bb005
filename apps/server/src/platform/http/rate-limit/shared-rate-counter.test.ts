import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { rateLimitHits } from './rate-limit.schema';
import { SharedRateCounter } from './shared-rate-counter';

// On PGlite here, and on PostgreSQL under scripts/with-postgres.mjs.
describe('SharedRateCounter', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  }, 60_000);
  afterAll(() => test.close());

  const counterAt = (clock: { now: number }) =>
    new SharedRateCounter(test.app.db, {
      now: () => clock.now,
      onError: (error) => {
        throw error;
      },
    });

  it('adds up the counts of several processes through the shared table', async () => {
    const clock = { now: Date.parse('2026-06-01T10:00:05Z') };
    // Two counters on one database stand for two server processes.
    const first = counterAt(clock);
    const second = counterAt(clock);
    const windowMs = 60_000;
    for (let hit = 1; hit <= 3; hit += 1) expect(first.hit('api|203.0.113.5', windowMs).current).toBe(hit);
    await first.sync();
    // The second process knows only its own hit until it syncs; then it sees all four.
    expect(second.hit('api|203.0.113.5', windowMs)).toEqual({ current: 1, ttl: 55_000 });
    await second.sync();
    expect(second.hit('api|203.0.113.5', windowMs).current).toBe(5);
    await second.sync();
    // The first learns the others' hits at its next sync, which its own next hit brings.
    expect(first.hit('api|203.0.113.5', windowMs).current).toBe(4);
    await first.sync();
    expect(first.hit('api|203.0.113.5', windowMs).current).toBe(7);
    // Another client and another budget count apart.
    expect(first.hit('api|198.51.100.1', windowMs).current).toBe(1);
    expect(first.hit('suggest|203.0.113.5', windowMs).current).toBe(1);
    await first.close();

    // The stored keys name the budget and hide the address.
    const keys = (await test.app.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) {
      expect(key).toMatch(/^(api|suggest)\|[\w-]{22}$/);
      expect(key).not.toContain('203.0.113');
    }
  });

  it('starts again in the next window and forgets ended windows, in memory and in the table', async () => {
    const clock = { now: Date.parse('2026-06-02T10:00:00Z') };
    const counter = counterAt(clock);
    counter.hit('page|192.0.2.44', 60_000);
    expect(counter.hit('page|192.0.2.44', 60_000).current).toBe(2);
    await counter.sync();
    clock.now += 61_000;
    expect(counter.hit('page|192.0.2.44', 60_000)).toEqual({ current: 1, ttl: 59_000 });
    await counter.sync();
    expect(counter.size).toBe(1);
    clock.now += 10 * 60_000;
    counter.hit('page|192.0.2.44', 60_000);
    await counter.sync();
    const rows = await test.app.db.select().from(rateLimitHits);
    expect(rows.every((row) => row.expiresAt.getTime() >= clock.now - 60_000)).toBe(true);
  });
});
