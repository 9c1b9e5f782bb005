import { describe, expect, it, vi } from 'vitest';
import { InProcessInvalidation, TagClock } from './invalidation';

describe('tag invalidation', () => {
  it('makes stale only what depends on a changed tag, and only if it was built before the change', async () => {
    const invalidation = new InProcessInvalidation();
    const before = invalidation.now();
    await invalidation.publish(['record:1']);
    expect(invalidation.isStale(['record:1'], before)).toBe(true);
    expect(invalidation.isStale(['record:2', 'records:list'], before)).toBe(false);
    expect(invalidation.isStale(['record:1'], invalidation.now())).toBe(false);
    expect(invalidation.isStale([], before)).toBe(false);
  });

  it('treats everything as changed for the "*" tag', async () => {
    const invalidation = new InProcessInvalidation();
    const before = invalidation.now();
    await invalidation.publish(['*']);
    expect(invalidation.isStale(['pesticides'], before)).toBe(true);
    expect(invalidation.isStale([], before)).toBe(true);
  });

  it('tells subscribers of every change until they unsubscribe', async () => {
    const invalidation = new InProcessInvalidation();
    const listener = vi.fn();
    const unsubscribe = invalidation.subscribe(listener);
    await invalidation.publish(['record:3']);
    unsubscribe();
    await invalidation.publish(['record:4']);
    expect(listener.mock.calls).toEqual([[['record:3']]]);
  });

  it('stays bounded: past its limit of remembered tags it counts everything as changed', () => {
    const clock = new TagClock(3);
    const before = clock.now();
    clock.record(['a', 'b']);
    const afterAB = clock.now();
    clock.record(['c', 'd']);
    expect(clock.isStale(['unrelated'], afterAB)).toBe(true);
    expect(clock.isStale(['unrelated'], clock.now())).toBe(false);
    expect(clock.isStale(['a'], before)).toBe(true);
  });
});
