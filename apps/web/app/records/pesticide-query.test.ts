import { describe, expect, it } from 'vitest';
import {
  differingFields,
  filterByMoaGroup,
  listMoaGroups,
  moaGroups,
  parsePesticideName,
  pesticideEntryFields,
  selectMoaGroup,
  selectPlant,
} from './pesticide-query';

describe('pesticide page query', () => {
  it('names what differs among one product’s rows, and nothing for a product alone (decision 0362)', () => {
    const row = (cname: string, typecode: string, approvedOn: string | null, note = '') => ({
      cname,
      typecode,
      approvedOn,
      note,
      amount: '50%',
      registrant: '',
      moa: 'IRAC - 1B',
      use_a: '1公升',
      use_p: '',
    });
    const rows = [row('芬殺松', 'EW', '2014-06-25'), row('芬殺松', 'EC', null, '-'), row('亞滅培', 'SP', null)];
    expect(differingFields(rows)).toEqual([
      [
        { field: 'typecode', label: '劑型', value: 'EW' },
        { field: 'approvedOn', label: '核准日期', value: '2014-06-25' },
      ],
      [
        { field: 'typecode', label: '劑型', value: 'EC' },
        { field: 'approvedOn', label: '核准日期', value: '無' },
      ],
      [],
    ]);
  });

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

  it('lists the eleven entry fields of a registered use', () => {
    expect(pesticideEntryFields).toHaveLength(11);
    expect(new Set(pesticideEntryFields.map(([field]) => field)).size).toBe(11);
  });
});

describe('mode-of-action groups', () => {
  it('reads one group per code, mixtures in each of theirs', () => {
    expect(moaGroups('IRAC - 1A')).toEqual(['IRAC 1A']);
    expect(moaGroups('IRAC - 3A/16')).toEqual(['IRAC 3A', 'IRAC 16']);
    expect(moaGroups('FRAC - BM02  、  IRAC - 11A')).toEqual(['FRAC BM02', 'IRAC 11A']);
    expect(moaGroups('FRAC - 16.1')).toEqual(['FRAC 16.1']);
    expect(moaGroups('')).toEqual([]);
    expect(moaGroups('-')).toEqual([]);
  });

  it('lists the groups met in natural order and filters by one', () => {
    const entries = [{ moa: 'IRAC - 11A' }, { moa: 'IRAC - 1A' }, { moa: 'IRAC - 3A/1B' }, { moa: '' }];
    const groups = listMoaGroups(entries);
    expect(groups).toEqual(['IRAC 1A', 'IRAC 1B', 'IRAC 3A', 'IRAC 11A']);
    expect(filterByMoaGroup(entries, 'IRAC 1B')).toEqual([{ moa: 'IRAC - 3A/1B' }]);
    expect(filterByMoaGroup(entries, null)).toHaveLength(4);
    expect(selectMoaGroup(groups, 'IRAC 3A')).toBe('IRAC 3A');
    expect(selectMoaGroup(groups, 'IRAC 99')).toBeNull();
    expect(selectMoaGroup(groups, null)).toBeNull();
  });
});
