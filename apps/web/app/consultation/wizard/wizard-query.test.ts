import { describe, expect, it } from 'vitest';
import { wizardHref, wizardPictureSrcSet } from './wizard-links';
import { parseWizardQuery } from './wizard-query';

const parse = (query: string) => parseWizardQuery(new URLSearchParams(query));
const status = (query: string) => {
  try {
    parse(query);
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
};

describe('the wizard address', () => {
  it('round-trips a step: crop, level and the options chosen in order', () => {
    const href = wizardHref(10, [12, 34], 2);
    expect(href).toBe('/consultation?id=10&level=2&o=12&o=34');
    expect(parse(href.split('?')[1] as string)).toEqual({ cropId: 10, chosen: [12, 34], level: 2 });
    expect(parse('id=10')).toEqual({ cropId: 10, chosen: [], level: null });
    expect(parse('')).toEqual({ cropId: null, chosen: [], level: null });
    expect(wizardHref()).toBe('/consultation');
  });

  it('refuses malformed ids, choices without a crop and absurdly long paths with a 400', () => {
    for (const query of ['id=0x1', 'id=1e3', 'id=-1', 'id=10&o=abc', 'id=10&level=0', 'o=3', 'level=2']) {
      expect(status(query), query).toBe(400);
    }
    expect(status(`id=10${'&o=1'.repeat(11)}`)).toBe(400);
  });

  it('offers the thumbnail beside the medium picture', () => {
    expect(wizardPictureSrcSet('files/records/3/album-1_mod.webp?t=5')).toBe(
      '/files/records/3/album-1_thumb.webp?t=5 160w, /files/records/3/album-1_mod.webp?t=5 480w',
    );
  });
});
