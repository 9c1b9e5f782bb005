import { describe, expect, it } from 'vitest';
import { consulevelListCall, consuoptionListCall } from './consultation-wizard';

describe('the wizard call bodies', () => {
  it('reads a2 of /consuoptionList as "no previous option" for 0, "0", "" and absent, else as an id', () => {
    for (const a2 of [0, '0', '', null]) {
      expect(consuoptionListCall.body.parse({ a1: 3, a2 }), String(a2)).toEqual({ a1: 3, a2: null });
    }
    // Absent stays absent; the call reads it as null.
    expect(consuoptionListCall.body.parse({ a1: 3 }).a2).toBeUndefined();
    expect(consuoptionListCall.body.parse({ a1: '3', a2: '17' })).toEqual({ a1: 3, a2: 17 });
  });

  it('refuses what is not an id, and fields the call does not have', () => {
    for (const a2 of [-1, 1.5, '1e3', '0x1', 'x', true, 2_147_483_648]) {
      expect(consuoptionListCall.body.safeParse({ a1: 3, a2 }).success, String(a2)).toBe(false);
    }
    expect(consuoptionListCall.body.safeParse({ a2: 1 }).success).toBe(false);
    expect(consulevelListCall.body.safeParse({ a1: 10, a2: 1 }).success).toBe(false);
  });
});
