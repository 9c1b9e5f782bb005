import type { IpmSheet } from '@pest/contracts';
import { describe, expect, it } from 'vitest';
import { ipmTopics } from './home-reading-room-data';

const sheet = (id: number, name: string, img: string): IpmSheet => ({
  id,
  name,
  title: `sheet ${id}`,
  detail: '',
  pdf: `${id}.pdf`,
  pdf_url: `/files/ipm/${id}`,
  pdf_size: 1,
  img,
  img_width: 480,
  img_height: 320,
});

describe('ipmTopics', () => {
  it('groups sheets by category in menu order, with counts and the first cover', () => {
    const topics = ipmTopics([sheet(1, '水稻', 'a.webp'), sheet(2, '水稻', 'b.webp'), sheet(3, '蔬菜', 'c.webp')]);
    expect(topics).toEqual([
      { name: '水稻', count: 2, img: 'a.webp', img_width: 480, img_height: 320 },
      { name: '蔬菜', count: 1, img: 'c.webp', img_width: 480, img_height: 320 },
    ]);
  });
});
