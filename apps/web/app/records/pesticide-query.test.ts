import { describe, expect, it } from 'vitest';
import { parsePesticideName, pesticideEntryFields, selectPlant } from './pesticide-query';

describe('pesticide page query', () => {
  it('selects the requested crop when listed, otherwise the first', () => {
    expect(selectPlant(['番茄', '檬果'], '檬果')).toBe('檬果');
    expect(selectPlant(['番茄', '檬果'], '香蕉')).toBe('番茄');
    expect(selectPlant(['番茄', '檬果'], null)).toBe('番茄');
    expect(selectPlant([], '番茄')).toBeNull();
  });

  it('accepts a trimmed name of 1–100 characters only', () => {
    expect(parsePesticideName(' 炭疽病 ')).toBe('炭疽病');
    expect(parsePesticideName('')).toBeNull();
    expect(parsePesticideName(null)).toBeNull();
    expect(parsePesticideName('   ')).toBeNull();
    expect(parsePesticideName('病'.repeat(101))).toBe('invalid');
    expect(parsePesticideName('稻\u0000熱病')).toBe('invalid');
  });

  it('lists the eleven entry fields of spec §2', () => {
    expect(pesticideEntryFields).toHaveLength(11);
    expect(new Set(pesticideEntryFields.map(([field]) => field)).size).toBe(11);
  });
});
