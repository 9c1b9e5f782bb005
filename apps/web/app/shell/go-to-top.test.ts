import { describe, expect, it } from 'vitest';
import { nextGoToTopVisibility } from './go-to-top';

describe('go-to-top visibility', () => {
  it('appears after scrolling past 200 px', () => {
    expect(nextGoToTopVisibility(false, 0)).toBe(false);
    expect(nextGoToTopVisibility(false, 200)).toBe(false);
    expect(nextGoToTopVisibility(false, 201)).toBe(true);
    expect(nextGoToTopVisibility(true, 800)).toBe(true);
  });

  it('hides again when scrolled back up', () => {
    expect(nextGoToTopVisibility(true, 150)).toBe(false);
    expect(nextGoToTopVisibility(true, 0)).toBe(false);
  });
});
