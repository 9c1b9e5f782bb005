import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture boundaries in eslint.config.js (decision 0053), run on small sources placed at
// the paths they would have in the repository.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The boundaries of eslint.config.js on made-up sources: only the boundaries are asked.
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const code = `import { thing } from '${importPath}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
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
