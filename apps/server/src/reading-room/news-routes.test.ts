import { newsDetailResponse, newsListResponse } from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('GET /api/v1/news', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('lists shown news newest first, 10 per page by default, with the total', async () => {
    const response = await get('/api/v1/news');
    expect(response.statusCode).toBe(200);
    const body = newsListResponse.parse(response.json());
    expect(body.data).toHaveLength(10);
    expect(body.meta).toEqual({ total: 30, page: 1, pageSize: 10 });
    const dates = body.data.map((item) => item.post_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages and filters by class', async () => {
    const body = newsListResponse.parse((await get('/api/v1/news?class=vegetable&page=2&pageSize=4')).json());
    expect(body.meta).toEqual({ total: 6, page: 2, pageSize: 4 });
    expect(body.data).toHaveLength(2);
    expect(body.data.every((item) => item.class === 'vegetable')).toBe(true);
    const beyond = newsListResponse.parse((await get('/api/v1/news?page=99')).json());
    expect(beyond.data).toEqual([]);
  });

  it('returns one item with sanitised content', async () => {
    const response = await get('/api/v1/news/3');
    expect(response.statusCode).toBe(200);
    const body = newsDetailResponse.parse(response.json());
    expect(body.data.id).toBe(3);
    expect(body.data.content).toMatch(/^<p>/);
  });

  it('answers an unknown id with 404 and bad input with 400', async () => {
    expect((await get('/api/v1/news/123456')).statusCode).toBe(404);
    for (const url of [
      '/api/v1/news/abc',
      '/api/v1/news?page=0',
      '/api/v1/news?pageSize=101',
      '/api/v1/news?class=rice',
      '/api/v1/news?page=abc',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
