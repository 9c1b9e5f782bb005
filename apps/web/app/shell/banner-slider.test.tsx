import type { Carousel } from '@pest/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannerSlider } from './banner-slider';

const slide = (id: number, title: string): Carousel =>
  ({ id, title, subtitle: '', pic: `carousel/${id}.webp`, pic_width: 1600, pic_height: 600 }) as Carousel;

describe('BannerSlider', () => {
  it('paints the first banner as plain markup, without Swiper', () => {
    const { container } = render(<BannerSlider slides={[slide(1, '第一張'), slide(2, '第二張')]} />);
    expect(screen.getByText('第一張')).toBeTruthy();
    expect(screen.queryByText('第二張')).toBeNull();
    expect(container.querySelector('.swiper')).toBeNull();
    const image = container.querySelector('img');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.getAttribute('loading')).toBe('eager');
  });

  it('loads Swiper with every banner when the visitor reaches for it', async () => {
    const { container } = render(<BannerSlider slides={[slide(1, '第一張'), slide(2, '第二張')]} />);
    fireEvent.pointerEnter(screen.getByRole('region', { name: '焦點橫幅' }));
    expect((await screen.findAllByText('第二張')).length).toBeGreaterThan(0);
    expect(container.querySelector('.swiper')).not.toBeNull();
  });
});
