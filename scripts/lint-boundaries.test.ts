import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The architecture boundaries of oxlint.config.ts (decision 0053), run on small sources placed at the
// paths they would have in the repository: a folder of their own with a copy of the config, so the
// run never lints the repository nor leaves a file in it for another lint to find.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const oxlint = path.join(repoRoot, 'node_modules/oxlint/bin/oxlint');
let folder = '';
let fixture = 0;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lint-boundaries-'));
  await fs.copyFile(path.join(repoRoot, 'oxlint.config.ts'), path.join(folder, 'oxlint.config.ts'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

/** The boundary messages oxlint gives a file at `filePath` that imports `importPath`. */
async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  // A fresh name each time: the same path asked twice would be one file.
  fixture += 1;
  const file = path.join(folder, filePath.replace(/fixture(?=[.])/, `fixture-${fixture}`));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `import { thing } from '${importPath}';\nexport const used = thing;\n`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [oxlint, '--format', 'json', path.relative(folder, file)],
    {
      cwd: folder,
    },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const { diagnostics } = JSON.parse(stdout) as {
    diagnostics: Array<{ code: string; help?: string; message: string }>;
  };
  return diagnostics
    .filter((diagnostic) => diagnostic.code === 'eslint(no-restricted-imports)')
    .map((diagnostic) => diagnostic.help ?? diagnostic.message);
}

describe('lint: architecture boundaries', () => {
  it('forbids the server platform to import a feature, in any form', async () => {
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.ts', '../../records/schema')).toEqual([
      expect.stringContaining('The platform never imports a feature'),
    ]);
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.ts', '../../records')).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.ts', '../../features')).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/platform/fixture/deeper/fixture.ts', '../../../site')).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.ts', './page-cache')).toEqual([]);
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.ts', '../http/app-error')).toEqual([]);
  });

  it('lets a server feature reach another feature only through its public module', async () => {
    const file = 'apps/server/src/records/services/fixture.ts';
    expect(await boundaryErrors(file, '../../reading-room/schema')).toEqual([
      expect.stringContaining('only through its public module'),
    ]);
    expect(
      await boundaryErrors('apps/server/src/records/fixture.ts', '../site/services/get-system-settings'),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, '../../reading-room')).toEqual([]);
    expect(await boundaryErrors(file, '../../reading-room/index')).toEqual([]);
    expect(await boundaryErrors(file, '../../platform/http/app-error')).toEqual([]);
    expect(await boundaryErrors(file, '../schema')).toEqual([]);
    expect(await boundaryErrors(file, '../../features')).toEqual([expect.stringContaining('composition root')]);
  });

  it('applies the same rules to the web app (kernel and ui are its platform)', async () => {
    expect(await boundaryErrors('apps/web/app/kernel/fixture.ts', '../records')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/ui/fixture.tsx', '../shell/site-header')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/ui/fixture.tsx', '../kernel/page-meta')).toEqual([]);
    expect(await boundaryErrors('apps/web/app/shell/fixture.tsx', '../records/home-records-section')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/shell/fixture.tsx', '../records')).toEqual([]);
    expect(await boundaryErrors('apps/web/app/records/fixture.tsx', '../root')).toHaveLength(1);
    expect(await boundaryErrors('apps/web/app/records/fixture.tsx', '../kernel/page-meta')).toEqual([]);
  });

  it('leaves tests and the composition root free to assemble the app', async () => {
    expect(await boundaryErrors('apps/server/src/platform/ssr/fixture.test.ts', '../../records/schema')).toEqual([]);
    expect(await boundaryErrors('apps/server/src/fixture.ts', './records/records-feature')).toEqual([]);
  });
});
