import { describe, expect, it } from 'vitest';
import { idSchema, plainName, recordId, searchTerm } from './envelopes';
import { systemSettingsParams } from './site';

describe('the shared id schema', () => {
  it.each([
    [1, 1],
    ['1', 1],
    ['0012', 12],
    [2_147_483_647, 2_147_483_647],
    ['2147483647', 2_147_483_647],
  ])('accepts %j as %d', (value, id) => {
    expect(recordId.parse(value)).toBe(id);
    expect(systemSettingsParams.parse({ id: value })).toEqual({ id });
  });

  it.each([
    ['0x1'],
    ['[1]'],
    [true],
    ['true'],
    ['1e3'],
    [' 1'],
    ['1 '],
    ['-1'],
    [-1],
    [0],
    ['0'],
    [1.5],
    ['1.0'],
    [''],
    [null],
    [[1]],
    [2_147_483_648],
    ['2147483648'],
    ['99999999999999999999'],
    ['１'],
  ])('refuses %j instead of coercing it', (value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
    expect(systemSettingsParams.safeParse({ id: value }).success).toBe(false);
  });
});

describe('plain names and search terms', () => {
  const name = plainName({ required: '請提供名稱', tooLong: '太長' });
  it('refuses a NUL byte or any other control character', () => {
    expect(name.safeParse('稻熱病').success).toBe(true);
    for (const value of ['a\u0000b', '\u0000', 'a\u001fb', 'a\u007f']) {
      expect(name.safeParse(value).success).toBe(false);
      expect(searchTerm.safeParse(value).success).toBe(false);
    }
  });
});
