import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../platform/database/database';
import { CliError, parseCliArguments, runImportCli } from './import-pesticides-cli';
import { pesticideSample } from './seed/records-seed';

describe('import:pesticides command line', () => {
  const folders: string[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  it('reads the file, snapshot and source, taking the snapshot from the file name by default', () => {
    expect(parseCliArguments(['pesticides_2022-07-01.csv'])).toMatchObject({
      file: 'pesticides_2022-07-01.csv',
      snapshotDate: '2022-07-01',
      source: '農藥資訊服務網',
      replace: false,
    });
    expect(parseCliArguments(['a.csv', '--snapshot', '2023-01-31', '--source', '其他來源', '--replace'])).toMatchObject(
      {
        snapshotDate: '2023-01-31',
        source: '其他來源',
        replace: true,
      },
    );
    expect(parseCliArguments(['--help'])).toBeNull();
  });

  it.each([[[]], [['a.csv', 'b.csv']], [['a.csv', '--snapshot', '2023-02-30']], [['a.csv', '--bogus']]])(
    'refuses %j with a usage message',
    (argv) => {
      expect(() => parseCliArguments(argv)).toThrow(CliError);
    },
  );

  it('refuses an embedded database that a server has open, and imports into a free one', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-import-cli-'));
    folders.push(dataDir);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const file = new URL(pesticideSample.file).pathname;
    // A server holding the database (its lock names this process, which is alive).
    const server = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const refusal = runImportCli([file], env);
      await expect(refusal).rejects.toThrow(CliError);
      await expect(refusal).rejects.toThrow(`The data folder ${dataDir} is in use by another server`);
    } finally {
      await server.close();
    }
    // A crashed server leaves its lock and PGlite's postmaster.pid behind: neither blocks the import.
    await fs.writeFile(path.join(dataDir, 'db.lock'), JSON.stringify({ pid: 2 ** 22 + 1, startTime: null }));
    await fs.writeFile(path.join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const output: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void output.push(line));
    expect(await runImportCli([file, '--snapshot', '2022-07-01'], env)).toBe(0);
    expect(output.join('\n')).toContain('New rows: 801');
    expect(await runImportCli([file, '--snapshot', '2022-07-01'], env)).toBe(0);
    expect(output.join('\n')).toContain('Nothing changed: all 801 accepted rows were already imported.');
  }, 120_000);
});
