import { describe, expect, it } from 'vitest';
import { mapFrameAddress } from './map-address';

describe('the contact map frame (service_gmap)', () => {
  it('frames only https addresses of the map hosts the page policy allows', () => {
    const embed = 'https://www.google.com/maps/embed?pb=!1m18!1m12';
    expect(mapFrameAddress(embed)).toBe(embed);
    expect(mapFrameAddress(` ${embed} `)).toBe(embed);
    expect(mapFrameAddress('https://maps.google.com/maps?q=台中&output=embed')).toContain('maps.google.com');
    for (const refused of [
      null,
      undefined,
      '',
      'http://www.google.com/maps/embed',
      'https://evil.example/maps',
      'javascript:alert(1)',
      '<iframe src="https://www.google.com/maps/embed"></iframe>',
    ]) {
      expect(mapFrameAddress(refused), String(refused)).toBeNull();
    }
  });
});
