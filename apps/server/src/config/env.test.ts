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
