import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webTests, webTestsIsolated } from '../vitest.config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What a test file does that a shared module graph and DOM would carry into the next file. */
const replacesShared = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe('the web tests that keep a module graph of their own (decision 0460)', () => {
  const files = fs.globSync(webTests, { cwd: repoRoot });

  it('names every web test file that mocks a module or replaces a global or the timers', () => {
    const replacing = files.filter((file) => replacesShared.test(fs.readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !webTestsIsolated.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(webTestsIsolated.filter((file) => !files.includes(file))).toEqual([]);
  });
});
