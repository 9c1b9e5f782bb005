import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Banner } from './banner';

const image = { src: '/files/public/banner.jpg', width: 1920, height: 480 };

describe('Banner', () => {
  it('shows the image with its size, the title and the subtitle', () => {
    const { container } = render(<Banner image={image} title="聯絡我們" subtitle="歡迎來信詢問" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/files/public/banner.jpg');
    expect(img?.getAttribute('width')).toBe('1920');
    expect(img?.getAttribute('height')).toBe('480');
    expect(screen.getByText('聯絡我們')).toBeTruthy();
    expect(screen.getByText('歡迎來信詢問')).toBeTruthy();
  });

  it('treats the image as decorative unless given a description', () => {
    const { container, rerender } = render(<Banner image={image} title="聯絡我們" />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<Banner image={{ ...image, alt: '果園裡的農友' }} title="聯絡我們" />);
    expect(screen.getByRole('img', { name: '果園裡的農友' })).toBeTruthy();
  });

  it('writes the text in white by default and in the given colour otherwise', () => {
    const { rerender } = render(<Banner image={image} title="聯絡我們" subtitle="副標" />);
    const text = screen.getByText('聯絡我們').closest('.banner__text') as HTMLElement;
    expect(text.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    rerender(<Banner image={image} title="聯絡我們" subtitle="副標" textColor="#1f2933" />);
    const recoloured = screen.getByText('聯絡我們').closest('.banner__text') as HTMLElement;
    expect(recoloured.style.color).toMatch(/^(#1f2933|rgb\(31, 41, 51\))$/);
  });

  it('makes the title the page h1 only when asked', () => {
    const { rerender } = render(<Banner image={image} title="聯絡我們" />);
    expect(screen.queryByRole('heading')).toBeNull();
    rerender(<Banner image={image} title="聯絡我們" titleIsPageHeading />);
    expect(screen.getByRole('heading', { level: 1, name: '聯絡我們' })).toBeTruthy();
  });

  it('leaves out an empty subtitle', () => {
    const { container } = render(<Banner image={image} title="聯絡我們" subtitle="" />);
    expect(container.querySelector('.banner__subtitle')).toBeNull();
  });

  it('loads first by default and lazily when asked', () => {
    const { container, rerender } = render(<Banner image={image} title="聯絡我們" />);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(container.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    rerender(<Banner image={image} title="聯絡我們" lazy />);
    expect(container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });
});
