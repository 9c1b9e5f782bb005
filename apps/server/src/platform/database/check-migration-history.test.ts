import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkMigrationHistory,
  MigrationHistoryUnavailableError,
  type AcceptedRewrite,
} from './check-migration-history';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * Migrations rewritten after they were committed, before this check existed (decision 0072).
 * 0003 and 0004 landed in 54ffcda (2026-11-22 07:00 UTC) and were rewritten in fff1075 (0003:
 * clip_type dropped) and bc55a41 (0004: name-order index moved; its journal timestamp changed,
 * so a database that ran the first 0004 runs it again and fails). Both rewrites came within 90
 * minutes of development, before any release, and every database made since bc55a41 ran the
 * present content: that is the content an institute's database runs, so it is the one accepted.
 * The hashes pin it; any further change to these files fails again. Never add to this list.
 */
const acceptedRewrites: readonly AcceptedRewrite[] = [
  {
    item: 'apps/server/drizzle/0003_video-clips.sql',
    sha256: '4f2d4d2c9157b97c3dec637696ec70a165c047748af673f379d426c0d696ded0',
  },
  {
    item: 'apps/server/drizzle/0004_search-grams.sql',
    sha256: '946e95243e002437283d5e8e6fbaae1474e65fe42879f649a56b959cde90073d',
  },
  {
    item: 'apps/server/drizzle/meta/_journal.json entry 4',
    sha256: 'a2f50dde3489d30d495054bb882322d831fb914650bc53cd74c23f7fbb5086bf',
  },
];

describe('committed migrations never change', () => {
  it('every committed migration of this repository has the content it was first committed with', async () => {
    const { checked, changes } = await checkMigrationHistory({
      repoRoot,
      migrationsDir: 'apps/server/drizzle',
      accepted: acceptedRewrites,
    }).catch((error: unknown) => {
      // Said plainly rather than passing without a check: CI clones with full history.
      if (error instanceof MigrationHistoryUnavailableError) throw new Error(error.message);
      throw error;
    });
    expect(checked).toContain('apps/server/drizzle/0000_foundation.sql');
    expect(checked).toContain('apps/server/drizzle/meta/_journal.json entry 0');
    expect(changes, 'a committed migration changed: add a new migration instead (docs/decisions/0072)').toEqual([]);
  });
});

describe('checkMigrationHistory', () => {
  const repos: string[] = [];
  afterEach(() => {
    for (const dir of repos.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const journal = (entries: Array<{ idx: number; when: number }>) =>
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: entries.map(({ idx, when }) => ({ idx, version: '7', when, tag: `000${idx}_m`, breakpoints: true })),
    });

  /** A repository with migrations 0000 and 0001 committed one after the other. */
  function repository() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-migration-history-'));
    repos.push(dir);
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), content);
    };
    git(dir, 'init', '-q');
    write('drizzle/0000_m.sql', 'CREATE TABLE a (id int);');
    write('drizzle/meta/_journal.json', journal([{ idx: 0, when: 100 }]));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'first');
    write('drizzle/0001_m.sql', 'CREATE TABLE b (id int);');
    write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 200 },
      ]),
    );
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'second');
    return { dir, write, commit: () => (git(dir, 'add', '-A'), git(dir, 'commit', '-qm', 'change')) };
  }
  const check = (dir: string, accepted: AcceptedRewrite[] = []) =>
    checkMigrationHistory({ repoRoot: dir, migrationsDir: 'drizzle', accepted });

  it('passes when migrations are only added, committed or not', async () => {
    const repo = repository();
    repo.write('drizzle/0002_m.sql', 'CREATE TABLE c (id int);');
    repo.write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 200 },
        { idx: 2, when: 300 },
      ]),
    );
    expect((await check(repo.dir)).changes).toEqual([]);
    repo.commit();
    const { checked, changes } = await check(repo.dir);
    expect(changes).toEqual([]);
    expect(checked).toEqual([
      'drizzle/0000_m.sql',
      'drizzle/0001_m.sql',
      'drizzle/0002_m.sql',
      'drizzle/meta/_journal.json entry 0',
      'drizzle/meta/_journal.json entry 1',
      'drizzle/meta/_journal.json entry 2',
    ]);
  });

  it('judges the main line only: a branch may renumber its migration before it is merged', async () => {
    const repo = repository();
    const main = git(repo.dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim();
    git(repo.dir, 'checkout', '-q', '-b', 'feature');
    repo.write('drizzle/0002_feature.sql', 'CREATE TABLE f (id int);');
    repo.write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 200 },
        { idx: 2, when: 300 },
      ]),
    );
    repo.commit();
    git(repo.dir, 'checkout', '-q', main);
    repo.write('drizzle/0002_other.sql', 'CREATE TABLE o (id int);');
    repo.write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 200 },
        { idx: 2, when: 250 },
      ]),
    );
    repo.commit();
    // The merge renumbers the branch's migration to 0003 after main's 0002.
    git(repo.dir, 'merge', '-q', '--no-commit', '-s', 'ours', 'feature');
    repo.write('drizzle/0003_feature.sql', 'CREATE TABLE f (id int);');
    repo.write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 200 },
        { idx: 2, when: 250 },
        { idx: 3, when: 400 },
      ]),
    );
    repo.commit();
    expect((await check(repo.dir)).changes).toEqual([]);
    // Once merged, the renumbered migration is the main line's, and changing it is reported.
    repo.write('drizzle/0003_feature.sql', 'CREATE TABLE f (id bigint);');
    repo.commit();
    expect((await check(repo.dir)).changes).toEqual([
      expect.objectContaining({ item: 'drizzle/0003_feature.sql', problem: 'changed' }),
    ]);
  });

  it('reports a committed SQL file changed, in the working tree or in a later commit', async () => {
    const repo = repository();
    repo.write('drizzle/0000_m.sql', 'CREATE TABLE a (id bigint);');
    const uncommitted = await check(repo.dir);
    expect(uncommitted.changes).toMatchObject([{ item: 'drizzle/0000_m.sql', problem: 'changed' }]);
    repo.commit();
    expect((await check(repo.dir)).changes).toMatchObject([{ item: 'drizzle/0000_m.sql', problem: 'changed' }]);
  });

  it('reports a journal entry changed (a new timestamp runs the migration again) or removed', async () => {
    const repo = repository();
    repo.write(
      'drizzle/meta/_journal.json',
      journal([
        { idx: 0, when: 100 },
        { idx: 1, when: 250 },
      ]),
    );
    repo.commit();
    expect((await check(repo.dir)).changes).toMatchObject([
      { item: 'drizzle/meta/_journal.json entry 1', problem: 'changed' },
    ]);
    repo.write('drizzle/meta/_journal.json', journal([{ idx: 0, when: 100 }]));
    expect((await check(repo.dir)).changes).toMatchObject([
      { item: 'drizzle/meta/_journal.json entry 1', problem: 'deleted' },
    ]);
  });

  it('reports a committed migration deleted', async () => {
    const repo = repository();
    fs.rmSync(path.join(repo.dir, 'drizzle/0001_m.sql'));
    repo.commit();
    expect((await check(repo.dir)).changes).toMatchObject([{ item: 'drizzle/0001_m.sql', problem: 'deleted' }]);
  });

  it('accepts exactly the allow-listed content of a rewritten file, and no later change', async () => {
    const repo = repository();
    const rewritten = 'CREATE TABLE a (id bigint);';
    repo.write('drizzle/0000_m.sql', rewritten);
    repo.commit();
    const accepted = [{ item: 'drizzle/0000_m.sql', sha256: createHash('sha256').update(rewritten).digest('hex') }];
    expect((await check(repo.dir, accepted)).changes).toEqual([]);
    repo.write('drizzle/0000_m.sql', `${rewritten}\nDROP TABLE a;`);
    expect((await check(repo.dir, accepted)).changes).toMatchObject([{ item: 'drizzle/0000_m.sql' }]);
  });

  it('refuses to pass when history is unavailable (a shallow clone)', async () => {
    const repo = repository();
    const shallow = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-migration-shallow-'));
    repos.push(shallow);
    git(shallow, 'clone', '-q', '--depth', '1', `file://${repo.dir}`, 'clone');
    await expect(check(path.join(shallow, 'clone'))).rejects.toThrow(/shallow clone.*git fetch --unshallow/);
    const noGit = fs.mkdtempSync(path.join(os.tmpdir(), 'pest-migration-nogit-'));
    repos.push(noGit);
    await expect(check(noGit)).rejects.toBeInstanceOf(MigrationHistoryUnavailableError);
  });
});
