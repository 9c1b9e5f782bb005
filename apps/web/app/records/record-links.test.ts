import { describe, expect, it } from 'vitest';
import {
  backToListHref,
  backToWizardHref,
  listState,
  wizardState,
  modFromThumb,
  pictureUrl,
  recordDetailHref,
  thumbSrcSet,
} from './record-links';

describe('record links', () => {
  it('links a record page', () => {
    expect(recordDetailHref(42)).toBe('/search/bug/detail?id=42');
    expect(recordDetailHref(42, '')).toBe('/search/bug/detail?id=42');
  });

  it("keeps the search list's state in the record link and leads back to it", () => {
    const list = 'term=%E7%82%AD%E7%96%BD%E7%97%85&ty=n%2Cn%2Cy%2Cn&view=grid&page=2';
    const href = recordDetailHref(7, list);
    expect(href).toBe(`/search/bug/detail?id=7&list=${encodeURIComponent(list)}`);
    const carried = new URL(href, 'http://x').searchParams.get('list');
    expect(backToListHref(carried)).toBe(`/search/bug?${list}`);
    expect(new URL(backToListHref(carried), 'http://x').searchParams.get('term')).toBe('炭疽病');
  });

  it('carries only the list keys, never another address', () => {
    expect(listState('term=a&next=https://evil.example&page=3')).toBe('term=a&page=3');
    expect(listState('term=' + 'a'.repeat(101))).toBe('');
    expect(backToListHref(null)).toBe('/search/bug');
    expect(backToListHref('//evil.example')).toBe('/search/bug');
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

  it('keeps only a wizard step of plain numbers to lead back to', () => {
    expect(wizardState('id=10&level=3&o=5&o=7')).toBe('id=10&level=3&o=5&o=7');
    expect(backToWizardHref('id=10&level=3&o=5&o=7&next=https://evil.example')).toBe(
      '/consultation?id=10&level=3&o=5&o=7',
    );
    expect(wizardState('id=10&o=x')).toBe('');
    expect(wizardState('level=2')).toBe('');
    expect(wizardState('id=10' + '&o=1'.repeat(11))).toBe('');
    expect(backToWizardHref(null)).toBeNull();
  });
});
