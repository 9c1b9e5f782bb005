import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { envSchema, InvalidEnvironmentError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies defaults for an empty environment', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BASE_PATH).toBe('');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.FORCE_HTTPS).toBe(false);
    expect(env.dataDir).toMatch(/data$/);
  });

  it('normalises BASE_PATH and flags', () => {
    const env = loadEnv({ BASE_PATH: '/pest/', FORCE_HTTPS: 'true', DATABASE_URL: '' });
    expect(env.BASE_PATH).toBe('/pest');
    expect(env.FORCE_HTTPS).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('requires PUBLIC_URL in production, with one line, and otherwise makes the address from HOST and PORT', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(InvalidEnvironmentError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /^Invalid environment variable PUBLIC_URL: required in production[^\n]*$/,
    );
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://pest.example.org/' }).publicUrl).toBe(
      'https://pest.example.org',
    );
    expect(loadEnv({}).publicUrl).toBe('http://localhost:3000');
    expect(loadEnv({ HOST: '127.0.0.1', PORT: '3340', BASE_PATH: '/pest' }).publicUrl).toBe(
      'http://127.0.0.1:3340/pest',
    );
    expect(loadEnv({ HOST: '::1', PORT: '80' }).publicUrl).toBe('http://[::1]:80');
  });

  it('keeps trustProxy off by default and takes true or a list of proxy addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count cannot be checked/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(InvalidEnvironmentError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ BASE_PATH: 'no-slash' })).toThrow(/BASE_PATH/);
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('keeps files in DATA_DIR/files by default and names what STORAGE=s3 still lacks, one line each', () => {
    expect(loadEnv({}).STORAGE).toBe('local');
    expect(() => loadEnv({ STORAGE: 'ftp' })).toThrow(/^Invalid environment variable STORAGE: must be local or s3/);
    expect(() => loadEnv({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /^Invalid environment variable S3_BUCKET: required when STORAGE=s3[^\n]*$/,
    );
    expect(() => loadEnv({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    const env = loadEnv({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(env).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadEnv({ UPLOAD_DAILY_FILES: '3' }).UPLOAD_DAILY_FILES).toBe(3);
    expect(() => loadEnv({ UPLOAD_DAILY_MB_PER_CLIENT: '0' })).toThrow(/UPLOAD_DAILY_MB_PER_CLIENT/);
  });
});

/**
 * `.env.example` and the README's configuration table are what an operator reads:
 * they name every variable the server reads, with the server's own defaults.
 */
describe('.env.example and the README agree with envSchema', () => {
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  const shape = envSchema.shape as Record<string, z.ZodType>;
  // Set by the start scripts or the tests, never by an operator.
  const internal = new Set(['NODE_ENV', 'LINE_API_BASE_URL']);
  const documented = Object.keys(shape).filter((name) => !internal.has(name));
  const parsedValue = (name: string, value: string | undefined) => {
    const parsed = shape[name]!.safeParse(value);
    return parsed.success ? parsed.data : `invalid: ${parsed.error.issues[0]?.message}`;
  };

  it('.env.example lists every variable once, each with the default the server applies', () => {
    const lines = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8').split('\n');
    const example = lines.filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => line.split(/=(.*)/s));
    const names = example.map(([name]) => name!);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect([...names].sort()).toEqual([...documented].sort());
    for (const [name, value] of example) {
      // An empty value is what Node's --env-file sets for `NAME=`: it must mean the default too.
      expect(parsedValue(name!, value), `${name}=${value}`).toEqual(parsedValue(name!, undefined));
    }
  });

  it("the README's configuration table names every variable, with the server's defaults", () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Running on PostgreSQL'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const named = new Set<string>();
    for (const row of rows) {
      const [variables = '', defaults = '', meaning = ''] = row.split(/ +\| +/).map((cell) => cell.replace(/^\| /, ''));
      const names = [...variables.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      // `RATE_LIMIT_*` stands for the family; `…_PER_CLIENT` repeats the first name's start.
      const expanded = names.flatMap((name) => {
        if (name.endsWith('*')) return documented.filter((known) => known.startsWith(name.slice(0, -1)));
        if (name.startsWith('…'))
          return documented.filter(
            (known) => known.endsWith(name.slice(1)) && known.startsWith(names[0]!.split('_')[0]!),
          );
        return [name];
      });
      for (const name of expanded) named.add(name);
      for (const [, name] of meaning.matchAll(/`([A-Z][A-Z0-9_]{3,})`/g)) if (name! in shape) named.add(name!);
      const values = [...defaults.matchAll(/`([^`]*)`/g)].map((match) => match[1]!);
      if (values.length === names.length && !names.some((name) => /[*…]/.test(name))) {
        names.forEach((name, index) =>
          expect(parsedValue(name, values[index]), `README default of ${name}`).toEqual(parsedValue(name, undefined)),
        );
      } else if (/_\((empty|unset)\)_/.test(defaults)) {
        for (const name of names)
          expect([undefined, ''], `README default of ${name}`).toContainEqual(parsedValue(name, undefined));
      }
    }
    expect(documented.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !(name in shape))).toEqual([]);
  });
});
