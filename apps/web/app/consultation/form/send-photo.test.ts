import { describe, expect, it } from 'vitest';
import { photoForm } from './send-photo';

describe('the photo upload form', () => {
  it('sends the case, the group and the token before the file, as the server needs them', () => {
    const body = photoForm(
      { id: 12, cl: 'pic1', token: 'secret' },
      { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), name: 'leaf.heic' },
    );
    expect([...body.keys()]).toEqual(['id', 'cl', 'token', 'file']);
    expect(body.get('id')).toBe('12');
  });
});
