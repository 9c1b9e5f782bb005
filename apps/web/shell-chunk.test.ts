import { describe, expect, it } from 'vitest';
import { shellChunkName, shellModules } from './shell-chunk';

/** A module graph as the bundler reports it: each module's static imports. */
function graphOf(imports: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id]! } : null) };
}

const zod = '/repo/node_modules/zod/index.js';
const react = '/repo/node_modules/react/index.js';

describe('the shell chunk', () => {
  const graph = graphOf({
    '/app/root.tsx': ['/app/header.tsx', react, '/app/styles.css'],
    '/app/header.tsx': ['/app/accounts/index.ts', '/app/links.ts'],
    '/app/accounts/index.ts': ['/app/accounts/greeting.tsx', '/app/accounts/login-form.tsx'],
    '/app/accounts/greeting.tsx': [react],
    // Re-exported by the barrel, used only by the login page: it reaches zod.
    '/app/accounts/login-form.tsx': ['/app/contracts/schemas.ts'],
    '/app/contracts/schemas.ts': [zod],
    // A cycle, one of whose modules reaches zod.
    '/app/links.ts': ['/app/cycle-a.ts'],
    '/app/cycle-a.ts': ['/app/cycle-b.ts'],
    '/app/cycle-b.ts': ['/app/cycle-a.ts', '/app/contracts/schemas.ts'],
    '/app/styles.css': [],
  });

  it('takes the modules the root reaches that stay within the framework', () => {
    expect([...shellModules('/app/root.tsx', graph)].sort()).toEqual(['/app/accounts/greeting.tsx']);
  });

  it('leaves out every module reaching another package, through barrels and import cycles', () => {
    const shell = shellModules('/app/root.tsx', graph);
    for (const id of ['/app/root.tsx', '/app/accounts/index.ts', '/app/accounts/login-form.tsx', '/app/cycle-a.ts']) {
      expect(shell.has(id), id).toBe(false);
    }
  });

  it('names the framework and the shell one chunk, and nothing else', () => {
    const name = shellChunkName('/app/root.tsx');
    expect(name(react, graph)).toBe('framework');
    expect(name('/app/accounts/greeting.tsx', graph)).toBe('framework');
    expect(name(zod, graph)).toBeNull();
    expect(name('/app/accounts/login-form.tsx', graph)).toBeNull();
  });
});
