import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadEnv } from './env';

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

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(InvalidEnvironmentError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ BASE_PATH: 'no-slash' })).toThrow(/BASE_PATH/);
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
