import { describe, expect, it } from 'vitest';
import { modFromThumb, pictureUrl, recordDetailHref, thumbSrcSet } from './record-links';

describe('record links', () => {
  it('links a record page', () => {
    expect(recordDetailHref(42)).toBe('/search/bug/detail?id=42');
  });

  it('puts the base path before server picture addresses and leaves absolute ones alone', () => {
    expect(pictureUrl('files/records/1/a_thumb.webp?t=5')).toBe('/files/records/1/a_thumb.webp?t=5');
    expect(pictureUrl('https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });

  it('derives the medium variant from the thumbnail and offers both', () => {
    expect(modFromThumb('files/records/1/album-1_thumb.webp?t=5')).toBe('files/records/1/album-1_mod.webp?t=5');
    expect(modFromThumb('files/records/1/x_thumb.png')).toBe('files/records/1/x_mod.png');
    expect(thumbSrcSet('files/records/1/a_thumb.webp?t=5')).toBe(
      '/files/records/1/a_thumb.webp?t=5 160w, /files/records/1/a_mod.webp?t=5 480w',
    );
  });
});
