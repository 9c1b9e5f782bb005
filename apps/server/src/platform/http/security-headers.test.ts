import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { permissionsPolicy } from './security-headers';

describe('headers of every response and of stored files', () => {
  let test: TestApp;
  beforeAll(async () => {
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

  it.each(['/api/v1/carousels', '/api/nothing', '/nothing', '/api/%', '/files/public/photo.jpg', '/api/openapi.json'])(
    'sends nosniff and Permissions-Policy on %s',
    async (url) => {
      const response = await get(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
    },
  );

  it('sends them on a refused TRACE too', async () => {
    const response = await get('/', 'TRACE');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
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
