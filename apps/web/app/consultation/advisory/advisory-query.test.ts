import { describe, expect, it } from 'vitest';
import { advisoryDetailHref, advisoryHref, parseAdvisoryQuery, selectPhotoGroup } from './advisory-query';

describe('the archive query', () => {
  it('reads crop, words and page, and writes one address per result page', () => {
    const { query, error } = parseAdvisoryQuery(new URLSearchParams('crop=水稻&term=+稻熱病+&page=2'));
    expect(error).toBeNull();
    expect(query).toEqual({ crop: '水稻', term: '稻熱病', page: 2 });
    expect(advisoryHref(query)).toBe(
      '/consultation/advisory?crop=%E6%B0%B4%E7%A8%BB&term=%E7%A8%BB%E7%86%B1%E7%97%85&page=2',
    );
    expect(advisoryHref({ crop: '', term: '', page: 1 })).toBe('/consultation/advisory');
  });

  it('keeps the good fields of a bad query and says what was wrong', () => {
    const { query, error } = parseAdvisoryQuery(new URLSearchParams(`crop=水稻&term=${'蟲'.repeat(101)}&page=x`));
    expect(query).toEqual({ crop: '水稻', term: '', page: 1 });
    expect(error).toMatch(/100/);
  });

  it('picks the photo tab, the far photos unless another is named', () => {
    expect(selectPhotoGroup('pic3')).toBe('pic3');
    expect(selectPhotoGroup('pic9')).toBe('pic1');
    expect(selectPhotoGroup(null)).toBe('pic1');
    expect(advisoryDetailHref(4, 'pic1')).toBe('/consultation/advisory/detail?id=4');
    expect(advisoryDetailHref(4, 'pic2')).toBe('/consultation/advisory/detail?id=4&photo=pic2');
  });
});
