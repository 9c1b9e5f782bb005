import type { Carousel } from '@pest/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionBanner } from './section-banner';

const slide = (title: string): Carousel => ({
  id: 1,
  position: 'contact',
  title,
  subtitle: '副標',
  pic: 'section-contact.webp',
  pic_width: 1600,
  pic_height: 400,
  link: null,
  status: 1,
  index_id: 1,
});

describe('SectionBanner', () => {
  it('shows the first slide of the section, then the page heading with its route title', () => {
    const { container } = render(
      <SectionBanner
        slides={[slide('歡迎與我們聯繫'), slide('第二張')]}
        heading={{ title: '聯絡我們', englishTitle: 'CONTACT US' }}
      />,
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByText('歡迎與我們聯繫')).toBeTruthy();
    expect(screen.queryByText('第二張')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('聯絡我們 CONTACT US');
  });

  it('without a slide keeps the heading alone, and shows nothing without either', () => {
    const { container, rerender } = render(
      <SectionBanner slides={[]} heading={{ title: '文件下載', englishTitle: 'DOWNLOAD' }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('文件下載 DOWNLOAD');
    rerender(<SectionBanner slides={[]} />);
    expect(container.textContent).toBe('');
  });
});
