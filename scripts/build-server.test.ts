import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverDir } from './build-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

describe('server build (production runs JavaScript, not TypeScript through a loader)', () => {
  // Inside apps/server like apps/server/dist, so the bundle finds node_modules the same way.
  const outdir = path.join(serverDir, `dist-test-${process.pid}`);
  let main = '';

  beforeAll(async () => {
    await buildServer({ outdir, logLevel: 'silent' });
    main = fs.readFileSync(path.join(outdir, 'main.js'), 'utf8');
  });
  afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('npm start and npm run serve start the built server with plain node', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // npm start is the local demo: it supplies PUBLIC_URL when unset (decision 0063), then serves.
    // .env is read first, so BASE_PATH there reaches the build as well as the server.
    expect(scripts.start).toBe(
      'node --env-file-if-exists=.env scripts/with-demo-public-url.mjs npm run build-and-serve',
    );
    expect(scripts['build-and-serve']).toBe('npm run build && npm run serve');
    expect(scripts.build).toContain('npm run build:server');
    for (const name of ['serve', 'serve:postgres', 'import:pesticides'])
      expect(scripts[name]).not.toMatch(/tsx|\.ts\b/);
    const start = fs.readFileSync(path.join(repoRoot, 'scripts', 'start.mjs'), 'utf8');
    expect(start).toContain("path.join(repoRoot, 'apps', 'server', 'dist', 'main.js')");
  });

  it('bundles the workspace packages and imports no TypeScript at run time', () => {
    const imports = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((specifier) => specifier?.startsWith('@pest/'))).toEqual([]);
    expect(imports.filter((specifier) => /\.[cm]?tsx?$/.test(specifier ?? ''))).toEqual([]);
    expect(main).not.toMatch(/\bimport\(["'][^"']*\.ts["']\)/);
  });

  it("the server's bundle loads seeding's libraries only when it seeds (decision 0085)", () => {
    // scripts/start.mjs seeds in a child process (seed-demo-content.js) before the server starts;
    // the server finds nothing to seed, so these must not be imported when its bundle loads.
    const imports = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports).not.toContain('pdf-lib');
    expect(imports).not.toContain('@pdf-lib/fontkit');
    expect(imports).not.toContain('mediabunny');
    // Nor Vite, which only npm run dev loads (src/dev.ts, decision 0325): a dev dependency.
    expect(main).not.toMatch(/import\(["']vite["']\)|from "vite"/);
    expect(fs.existsSync(path.join(outdir, 'seed-demo-content.js'))).toBe(true);
    const start = fs.readFileSync(path.join(repoRoot, 'scripts', 'start.mjs'), 'utf8');
    expect(start).toContain("path.join(repoRoot, 'apps', 'server', 'dist', 'seed-demo-content.js')");
  });

  it('every path a module builds from its import.meta.url exists from the bundle', () => {
    // e.g. the migrations folder, the web build folder, the seed CSV.
    const relative = [...main.matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g)];
    expect(relative.length).toBeGreaterThanOrEqual(3);
    const bundleUrl = new URL(`file://${path.join(outdir, 'main.js')}`);
    for (const [, target, source] of relative) {
      const sourceUrl = new URL(source!, bundleUrl);
      expect(fs.existsSync(fileURLToPath(sourceUrl)), `${source} from the bundle`).toBe(true);
      // The web build exists only after npm run build; its parent folder is apps/web either way.
      const resolved = fileURLToPath(new URL(target!, sourceUrl));
      expect(fs.existsSync(target!.endsWith('/build') ? path.dirname(resolved) : resolved), resolved).toBe(true);
    }
    expect(main).toContain('"../../../drizzle"');
    // No module is left with the bundle's own URL in place of its source's.
    expect(main.match(/import\.meta\.url/g)?.length).toBe(main.match(/", import\.meta\.url\)\.href/g)?.length);
  });

  it('the built job worker runs on plain node and needs PostgreSQL', async () => {
    const { DATABASE_URL: _unset, ...environment } = process.env;
    const started = run(process.execPath, [path.join(outdir, 'worker.js')], {
      env: { ...environment, NODE_ENV: 'test', DATA_DIR: path.join(outdir, 'data') },
    });
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run worker needs DATABASE_URL'),
    });
  });

  it('the built import command runs on plain node', async () => {
    const { stdout } = await run(process.execPath, [path.join(outdir, 'import-pesticides.js'), '--help']);
    expect(stdout).toContain('Usage: npm run import:pesticides -- FILE.csv');
  });
});
