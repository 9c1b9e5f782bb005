import { carouselsResponse, systemSettingsResponse } from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { systemSettings } from './schema';

describe('site API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  it('returns system settings 1 in the product-API envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/system-settings/1' });
    expect(response.statusCode).toBe(200);
    const body = systemSettingsResponse.parse(response.json());
    expect(body.data.website_title).toBe('作物病蟲害資訊網');
  });

  it('answers an unknown settings id with a 404 error body', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/system-settings/2' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: '找不到系統設定' } });
  });

  it('rejects a malformed id with a 400', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/system-settings/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('lists the seeded active carousels in index order', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/carousels' });
    const body = carouselsResponse.parse(response.json());
    expect(body.data.map((slide) => slide.index_id)).toEqual([1, 2, 3]);
    const picture = await test.app.inject({ method: 'GET', url: `/files/public/${body.data[0]?.pic}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it("lists a section's banner by the spec's section number or name; an unknown one is a 400", async () => {
    const byNumber = carouselsResponse.parse((await test.app.inject({ url: '/api/v1/carousels?position=4' })).json());
    expect(byNumber.data.map((slide) => [slide.position, slide.title])).toEqual([['products', 'PRODUCTS']]);
    const byName = await test.app.inject({ url: '/api/v1/carousels?position=about' });
    expect(byName.json().data[0].title).toBe('ABOUT US');
    const home = carouselsResponse.parse((await test.app.inject({ url: '/api/v1/carousels?position=1' })).json());
    expect(home.data.every((slide) => slide.position === 'index')).toBe(true);
    expect((await test.app.inject({ url: '/api/v1/carousels?position=9' })).statusCode).toBe(400);
  });

  // Last: it replaces the demo settings. A production database (SEED_DEMO_CONTENT=false) has no
  // demo seed to make the row every page reads (the deploy test met the 500 it caused).
  it('a start on a database without system settings makes them with their defaults', async () => {
    await test.app.db.delete(systemSettings);
    expect((await test.app.inject({ url: '/api/v1/system-settings/1' })).statusCode).toBe(404);
    await test.restart();
    const response = await test.app.inject({ url: '/api/v1/system-settings/1' });
    expect(response.statusCode).toBe(200);
    expect(systemSettingsResponse.parse(response.json()).data).toMatchObject({
      website_title: '作物病蟲害資訊網',
      description: '',
      index_favicon: null,
    });
  });
});
