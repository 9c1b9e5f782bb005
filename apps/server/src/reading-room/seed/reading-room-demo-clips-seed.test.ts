import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { videos } from '../schema';
import { readingRoomDemoClipsSeed } from './reading-room-seed';
import { loadDemoVideos } from './load-reading-room-content';

describe('readingRoomDemoClipsSeed', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  }, 60_000);
  afterAll(() => test.close());

  it('gives the demo videos of an older data folder their clip, and leaves real YouTube videos alone', async () => {
    const demo = (await loadDemoVideos())[2]!;
    const [placeholder] = await test.app.db
      .insert(videos)
      .values({ title: demo.title, detail: '影片編號為版面展示用。', youtubeId: 'DemoVideo03' })
      .returning({ id: videos.id });
    const [real] = await test.app.db
      .insert(videos)
      .values({ title: '機關頻道的影片', youtubeId: 'dQw4w9WgXcQ' })
      .returning({ id: videos.id });

    await readingRoomDemoClipsSeed.run({ db: test.app.db, storage: test.app.storage });

    const [upgraded] = await test.app.db.select().from(videos).where(eq(videos.id, placeholder!.id));
    expect(upgraded).toMatchObject({
      youtubeId: null,
      detail: demo.detail,
      clipName: `${demo.title}.webm`,
    });
    const stored = await test.app.storage.stat(upgraded!.clipKey!);
    expect(stored?.size).toBe(upgraded!.clipSize);

    const [untouched] = await test.app.db.select().from(videos).where(eq(videos.id, real!.id));
    expect(untouched).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', clipKey: null });

    const response = await test.app.inject({
      method: 'POST',
      url: '/api/info/videosheet',
      payload: { a1: placeholder!.id },
    });
    expect(response.json().d).toMatchObject({
      video: '',
      clip_url: expect.stringMatching(/\/files\/video\/\d+$/),
      clip_type: 'video/webm',
    });
  });
});
