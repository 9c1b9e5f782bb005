import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

describe('GET /files/public/*', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    await test.app.storage.put('public/docs/防治手冊.txt', content);
    await test.app.storage.put('private/secret.txt', Buffer.from('not for the public'));
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const fileUrl = `/files/public/docs/${encodeURIComponent('防治手冊.txt')}`;

  it('serves a stored file with type, length, validators and a disposition keeping the Chinese name', async () => {
    const response = await get(fileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers['last-modified']).toBeDefined();
    const disposition = String(response.headers['content-disposition']);
    // Not an image, PDF or video: a download, under a sandbox if it is opened anyway.
    expect(disposition).toMatch(/^attachment; filename="[^"]*\.txt"/);
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('防治手冊.txt')}`);
  });

  it('offers the file as a download with ?download=1', async () => {
    const response = await get(`${fileUrl}?download=1`);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const { etag } = (await get(fileUrl)).headers;
    const response = await get(fileUrl, { 'if-none-match': String(etag) });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect((await get(fileUrl, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('answers If-Modified-Since with 304 when the file has not changed', async () => {
    const lastModified = String((await get(fileUrl)).headers['last-modified']);
    expect((await get(fileUrl, { 'if-modified-since': lastModified })).statusCode).toBe(304);
  });

  it('serves a single byte range with 206 and Content-Range', async () => {
    const response = await get(fileUrl, { range: 'bytes=0-9' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-9/${content.length}`);
    expect(response.headers['content-length']).toBe('10');
    expect(response.rawPayload.length).toBe(10);
    expect(response.body).toBe('0123456789');

    const tail = await get(fileUrl, { range: 'bytes=-6' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('uvwxyz');
  });

  it('ignores the range when If-Range names an older version', async () => {
    const response = await get(fileUrl, { range: 'bytes=0-9', 'if-range': 'W/"stale"' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(content.length);
  });

  it('answers an unsatisfiable range with 416', async () => {
    const response = await get(fileUrl, { range: `bytes=${content.length + 10}-${content.length + 20}` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${content.length}`);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await test.app.inject({ method: 'HEAD', url: fileUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.body).toBe('');
  });

  it('answers a missing file with a 404 JSON error', async () => {
    const response = await get('/files/public/docs/no-such-file.pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: '找不到檔案' } });
    expect((await get('/files/public/docs')).statusCode).toBe(404);
  });

  it.each([
    '/files/public/..%2F..%2Fetc%2Fpasswd',
    '/files/public/%2e%2e/x',
    '/files/public/%2e%2e%2fprivate%2fsecret.txt',
    '/files/public/..%2Fprivate%2Fsecret.txt',
    '/files/public/..%2F..%2Fdb%2FPG_VERSION',
    '/files/public/docs%2F..%2F..%2Fprivate%2Fsecret.txt',
    '/files/public/..%5C..%5Cetc%5Cpasswd',
    '/files/public/%00',
    '/files/public/',
  ])('never serves anything outside the public folder: %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('not for the public');
  });
});
