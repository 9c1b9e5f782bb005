import { describe, expect, it } from 'vitest';
import { loadReadingRoomContent } from './load-reading-room-content';

describe('reading-room demo content files', () => {
  it('reads every file: IPM sheets by category, and the list-shaped items', async () => {
    const content = await loadReadingRoomContent();
    expect(content.ipmCategories.map((category) => category.name)).toEqual(['水稻', '雜糧', '蔬菜', '果樹', '花卉']);
    for (const category of content.ipmCategories) expect(category.sheets.length).toBeGreaterThan(0);
    expect(content.ipmCategories.flatMap((category) => category.sheets)).toHaveLength(13);
    expect(content.ipmCategories[0]?.sheets[0]?.sections[2]?.bullets?.length).toBeGreaterThan(3);
    expect(content.publications).toHaveLength(40);
    expect(content.videos).toHaveLength(12);
    expect(content.quick).toHaveLength(25);
    expect(content.news).toHaveLength(30);
    expect(content.researchers).toHaveLength(15);
  });

  it('names every point of a video in its text, which is the clip’s text alternative', async () => {
    for (const video of (await loadReadingRoomContent()).videos) {
      expect(video.detail).toContain(`影片重點：${video.points.join('；')}。`);
    }
  });
});
