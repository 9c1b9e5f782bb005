import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: object }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Every "$ref" in the document, wherever it is nested. */
function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') refs.push(item);
      else collectRefs(item, refs);
    }
  }
  return refs;
}

describe('API surface', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  });
  afterAll(() => test.close());

  it('publishes an OpenAPI 3 document generated from the contracts', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = JSON.parse(response.body) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('作物病蟲害資訊網 API');

    const settings = document.paths['/api/v1/system-settings/{id}']?.get;
    expect(settings).toBeDefined();
    expect(settings?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(Object.keys(settings?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
    expect(document.paths['/api/v1/carousels']?.get).toBeDefined();

    // Internal routes stay out of the document.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(document.paths['/api/openapi.json']).toBeUndefined();

    // Every reference points at a schema the document defines.
    const schemas = document.components?.schemas ?? {};
    for (const ref of collectRefs(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas, `unresolved ${ref}`).toHaveProperty([decodeURIComponent(ref.split('/').pop() ?? '')]);
    }
  });

  it('answers an unknown /api path with a 404 JSON error body, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no-such-thing'],
      ['GET', '/api/nothing/here?x=1'],
      ['DELETE', '/api/v1/carousels/1'],
      ['POST', '/api/v1/no-such-thing'],
    ] as const) {
      const response = await test.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: '找不到此 API' } });
    }
  });

  it('sends the security headers and no HSTS without FORCE_HTTPS', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/system-settings/1' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
