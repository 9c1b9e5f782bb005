import { searchResultCall } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { records } from './schema';
import { recordFixture } from './test/record-fixtures';

describe('records: a write invalidates the cached answers that depend on it, nothing else', () => {
  let test: TestApp;
  let first: number | undefined;
  let second: number | undefined;
  let image: Buffer;

  const searchNames = async (term: string) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/info/searchResult', payload: { term } });
    expect(response.statusCode).toBe(200);
    return searchResultCall.data.parse(response.json().d).items.map((item) => item.CName);
  };
  /** Renames a record behind the services' back: no cache hears of it. */
  const renameQuietly = (id: number, cName: string) =>
    test.app.db.update(records).set({ cName }).where(eq(records.id, id));
  const addPicture = (recordId: number) =>
    test.app.services.records.addRecordPictures([
      { recordId, image, class: 'album', caption: '', sort: 1, name: `test-${recordId}` },
    ]);

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    [first, second] = await test.app.services.records.createRecords([
      recordFixture({ cName: '快取甲蟲' }),
      recordFixture({ cName: '快取乙蟲' }),
    ]);
  });
  afterAll(() => test.close());

  it('keeps an answer when another record changes, and drops it when a record it shows changes', async () => {
    expect(await searchNames('快取甲')).toEqual(['快取甲蟲']);
    await renameQuietly(first!, '快取甲蟲（新名）');
    expect(await searchNames('快取甲')).toEqual(['快取甲蟲']);

    await addPicture(second!);
    expect(await searchNames('快取甲')).toEqual(['快取甲蟲']);

    await addPicture(first!);
    expect(await searchNames('快取甲')).toEqual(['快取甲蟲（新名）']);
  });

  it('drops every list when a record is added', async () => {
    expect(await searchNames('快取')).toHaveLength(2);
    await test.app.services.records.createRecords([recordFixture({ cName: '快取丙蟲' })]);
    expect(await searchNames('快取')).toHaveLength(3);
  });
});
