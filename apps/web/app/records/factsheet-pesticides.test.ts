import { describe, expect, it } from 'vitest';
import { summarisePesticides } from './factsheet-pesticides';

describe('factsheet pesticide summary', () => {
  it('counts the uses of a crop and lists each product once, in order', () => {
    const entries = [{ cname: '三氟敏' }, { cname: '甲基多保淨' }, { cname: '三氟敏 ' }, { cname: '' }];
    expect(summarisePesticides('檬果', entries)).toEqual({
      plant: '檬果',
      count: 4,
      products: ['三氟敏', '甲基多保淨'],
    });
    expect(summarisePesticides('番茄', [])).toEqual({ plant: '番茄', count: 0, products: [] });
  });
});
