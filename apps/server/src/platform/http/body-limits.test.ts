import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** The limits docs/api.md ("Body limits") states, per path. */
describe('body limits', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  });
  afterAll(() => test.close());

  const post = (url: string, bytes: number) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      // An empty object padded with spaces: valid for every call, `bytes` long.
      payload: `{}${' '.repeat(bytes - 2)}`,
    });

  it('takes up to 64 KB of JSON on an information-service call', async () => {
    const within = await post('/api/info/bugCount', 64 * 1024);
    expect(within.statusCode, within.body).toBe(200);
    const over = await post('/api/info/bugCount', 64 * 1024 + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: '資料量過大' } });
  });

  it('takes up to 1 MB on the other API paths', async () => {
    expect((await post('/api/v1/system-settings/1', 1024 * 1024)).statusCode).toBe(404);
    const over = await post('/api/v1/system-settings/1', 1024 * 1024 + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sets no cookie: no sessions exist yet', async () => {
    for (const url of ['/api/v1/system-settings/1', '/api/v1/carousels']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect((await post('/api/info/bugCount', 100)).headers['set-cookie']).toBeUndefined();
  });
});
