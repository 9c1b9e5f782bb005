import type { Carousel } from '@pest/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers a visible button that stops and restarts the autoplay (WCAG 2.2.2)', () => {
    render(<BannerSlider slides={[slide(1, '第一張'), slide(2, '第二張')]} />);
    const button = screen.getByRole('button', { name: '暫停自動輪播' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('a stopped banner stays still: Swiper is not fetched when the delay passes', () => {
    vi.useFakeTimers();
    const { container } = render(<BannerSlider slides={[slide(1, '第一張'), slide(2, '第二張')]} />);
    fireEvent.click(screen.getByRole('button', { name: '暫停自動輪播' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(container.querySelector('.swiper')).toBeNull();
    expect(screen.queryByText('第二張')).toBeNull();
  });

  it('a single banner has no pause button', () => {
    render(<BannerSlider slides={[slide(1, '第一張')]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
