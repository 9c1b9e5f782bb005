import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [532, '532 B'],
    [1024, '1 KB'],
    [49_500, '48 KB'],
    [1_258_291, '1.2 MB'],
    [-1, ''],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
