import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AdminCliError, parseAdminArguments, runAdminCreateCli } from './create-admin-cli';

describe('npm run admin:create', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads --email, --account and --name, and explains itself when --email is missing', () => {
    expect(parseAdminArguments(['--email', 'a@example.org', '--account', 'root', '--name', '站長'])).toEqual({
      email: 'a@example.org',
      account: 'root',
      name: '站長',
    });
    expect(parseAdminArguments(['--help'])).toBeNull();
    expect(() => parseAdminArguments([])).toThrow(AdminCliError);
    expect(() => parseAdminArguments(['--mail', 'x'])).toThrow(/Unknown option/);
  });

  it('creates the admin in the embedded database and prints a one-time link under PUBLIC_URL', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-admin-cli-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      const environment = { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://pest.example.org' };
      expect(await runAdminCreateCli(['--email', 'Boss@Example.org'], environment)).toBe(0);
      expect(lines.join('\n')).toMatch(
        /Created the admin account "boss"[\s\S]*https:\/\/pest\.example\.org\/reset-password\?token=/,
      );
      await expect(runAdminCreateCli(['--email', 'not-an-address'], environment)).rejects.toThrow(AdminCliError);
    } finally {
      log.mockRestore();
    }
  }, 120_000);
});
