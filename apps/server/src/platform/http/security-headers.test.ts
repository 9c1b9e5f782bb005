import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  documentedSecurityHeaders,
  headerProblems,
  type DocumentedHeaders,
} from '../../test/documented-security-headers';
import { permissionsPolicy, securityHeaders } from './security-headers';

describe('headers of every response and of stored files', () => {
  let test: TestApp;
  let documented: DocumentedHeaders;
  beforeAll(async () => {
    documented = await documentedSecurityHeaders();
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    const files: Array<[string, string]> = [
      ['photo.jpg', 'jpeg'],
      ['photo.webp', 'webp'],
      ['manual.pdf', '%PDF-1.4'],
      ['clip.mp4', 'mp4'],
      ['page.html', '<script>alert(document.cookie)</script>'],
      ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['notes.txt', 'text'],
      ['data.json', '{}'],
      ['program.js', 'alert(1)'],
      ['archive', 'no extension'],
    ];
    for (const [name, body] of files) await test.app.storage.put(`public/${name}`, Buffer.from(body));
  });
  afterAll(() => test.close());

  const get = (url: string, method: 'GET' | 'TRACE' | 'HEAD' = 'GET') => test.app.inject({ method, url });

  it('sends exactly the headers docs/security-headers.md lists, HSTS only with FORCE_HTTPS', () => {
    expect(Object.fromEntries(securityHeaders({ hsts: false }))).toEqual(documented.always);
    expect(Object.fromEntries(securityHeaders({ hsts: true }))).toEqual({
      ...documented.always,
      ...documented.withForceHttps,
    });
    expect(documented.always['permissions-policy']).toBe(permissionsPolicy);
  });

  it.each([
    '/api/v1/carousels',
    '/api/nothing',
    '/nothing',
    '/api/%',
    '/files/public/photo.jpg',
    '/files/public/page.html',
    '/api/openapi.json',
  ])('sends the documented headers, without HSTS on plain HTTP, on %s', async (url) => {
    const response = await get(url);
    expect(headerProblems(documented.always, response.headers)).toEqual([]);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them on a refused TRACE and on a body that is not JSON too', async () => {
    const trace = await get('/', 'TRACE');
    expect(trace.statusCode).toBe(405);
    expect(headerProblems(documented.always, trace.headers)).toEqual([]);
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/info/searchResult',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    expect(headerProblems(documented.always, broken.headers)).toEqual([]);
  });

  it('denies camera, microphone and geolocation, among others', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissionsPolicy).toContain(`${feature}=()`);
    }
  });

  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.webp', 'image/webp'],
    ['manual.pdf', 'application/pdf'],
    ['clip.mp4', 'video/mp4'],
  ])('lets the browser show %s in place, without a sandbox', async (name, type) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get(`/files/public/${name}`, method);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(String(response.headers['content-disposition'])).toMatch(/^inline;/);
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it.each(['page.html', 'drawing.svg', 'notes.txt', 'data.json', 'program.js', 'archive'])(
    'never lets %s render as a page: attachment under a sandbox policy',
    async (name) => {
      for (const url of [`/files/public/${name}`, `/files/public/${name}?download=0`]) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
        expect(response.headers['content-security-policy']).toBe('sandbox');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    },
  );
});
