import { describe, expect, it } from 'vitest';
import { parseIdList } from './id-list';

describe('parseIdList', () => {
  it('reads the ids of a comma-separated list, and none from an empty or missing one', () => {
    expect([...parseIdList('3,1,2')]).toEqual([3, 1, 2]);
    expect([...parseIdList('42')]).toEqual([42]);
    expect(parseIdList(null)).toHaveLength(0);
    expect(parseIdList('')).toHaveLength(0);
    expect(parseIdList(undefined)).toHaveLength(0);
  });
});
