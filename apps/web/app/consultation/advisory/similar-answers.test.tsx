import type { SimilarAnswer } from '@pest/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimilarAnswers } from './similar-answers';

const answers: SimilarAnswer[] = [
  {
    kind: 'case',
    id: 3,
    title: '水稻・雲林縣虎尾鎮',
    summary: '葉片出現菱形的灰白色病斑',
    path: '/consultation/advisory/detail?id=3',
    thumb: 'files/consultation/photos/1_thumb.jpg',
  },
  { kind: 'record', id: 53, title: '稻熱病', summary: '主要寄主為水稻', path: '/search/bug/detail?id=53', thumb: null },
];

describe('SimilarAnswers', () => {
  it('shows what the page found, each opening in a new window and saying so', () => {
    render(<SimilarAnswers crop="" text="" initial={answers} />);
    const region = screen.getByRole('region', { name: /這些解答或許已能回答您的問題/ });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/consultation/advisory/detail?id=3',
      '/search/bug/detail?id=53',
    ]);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.textContent).toContain('已回覆的諮詢');
    expect(links[1]?.textContent).toContain('病蟲害資料');
    expect(links[1]?.textContent).toContain('（另開新視窗）');
  });

  it('shows nothing when nothing matches', () => {
    const { container } = render(<SimilarAnswers crop="水稻" text="葉" initial={[]} />);
    expect(container.querySelector('section')).toBeNull();
  });
});
