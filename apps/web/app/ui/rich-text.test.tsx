import { escapeHtml, trustedHtml, type SafeHtml } from '@pest/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('renders sanitised HTML as markup inside the styled container', () => {
    const { container } = render(
      <RichText
        html={trustedHtml`<h2>防治方法</h2><ul><li>清園</li><li>輪作</li></ul>`}
        className="pest-detail__body"
      />,
    );
    const box = container.firstElementChild as HTMLElement;
    expect(box.className).toBe('rich-text pest-detail__body');
    expect(screen.getByRole('heading', { level: 2, name: '防治方法' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps links, tables and images of the sanitised HTML', () => {
    render(
      <RichText
        html={trustedHtml`<p><a href="https://example.org" target="_blank" rel="noopener noreferrer">外站</a></p><table><tbody><tr><td>亞托敏</td></tr></tbody></table><img src="/files/public/a.jpg" alt="葉片病斑" loading="lazy" decoding="async" />`}
      />,
    );
    expect(screen.getByRole('link', { name: '外站' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('cell', { name: '亞托敏' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '葉片病斑' }).getAttribute('loading')).toBe('lazy');
  });

  it('shows escaped text as text', () => {
    render(<RichText html={escapeHtml('<b>粗體</b>')} />);
    expect(screen.getByText('<b>粗體</b>')).toBeTruthy();
  });

  it('accepts only SafeHtml (checked by the type checker)', () => {
    const unsanitised = '<img src=x onerror=alert(1)>';
    // @ts-expect-error a plain string has not been sanitised
    const element = <RichText html={unsanitised} />;
    expect((element.props as { html: SafeHtml }).html).toBe(unsanitised);
  });
});
