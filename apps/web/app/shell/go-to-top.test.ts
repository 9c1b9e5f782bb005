import { describe, expect, it } from 'vitest';
import { boxesOverlap, nextGoToTopVisibility } from './go-to-top';

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

describe('go-to-top overlap', () => {
  it('tells boxes that share area from boxes that only touch', () => {
    const button = { left: 296, top: 668, right: 344, bottom: 716 };
    expect(boxesOverlap(button, { left: 200, top: 690, right: 320, bottom: 734 })).toBe(true);
    expect(boxesOverlap(button, { left: 16, top: 690, right: 296, bottom: 734 })).toBe(false);
    expect(boxesOverlap(button, { left: 296, top: 716, right: 344, bottom: 760 })).toBe(false);
  });
});
