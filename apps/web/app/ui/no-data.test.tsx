import { escapeHtml, trustedHtml } from '@pest/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoData } from './no-data';

describe('NoData', () => {
  it('says 無資料 by default, with a decorative question-mark icon', () => {
    const { container } = render(<NoData />);
    expect(screen.getByText('無資料').className).toBe('no-data__message');
    const icon = container.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders the message as HTML', () => {
    const { container } = render(<NoData message={trustedHtml`查無相關資料<br>請換個<em>關鍵字</em>`} />);
    const message = container.querySelector('.no-data__message');
    expect(message?.querySelector('br')).not.toBeNull();
    expect(message?.querySelector('em')?.textContent).toBe('關鍵字');
  });

  it('shows escaped text literally', () => {
    const { container } = render(<NoData message={escapeHtml('找不到「<b>蚜蟲</b>」')} />);
    expect(container.querySelector('.no-data__message b')).toBeNull();
    expect(screen.getByText('找不到「<b>蚜蟲</b>」')).toBeTruthy();
  });

  it('accepts only SafeHtml (checked by the type checker)', () => {
    // @ts-expect-error a plain string could carry unsanitised HTML
    const element = <NoData message="<b>未經清理</b>" />;
    expect(element.props.message).toBe('<b>未經清理</b>');
  });
});

describe('trustedHtml', () => {
  it('refuses interpolations at run time too', () => {
    const value = '<script>';
    // @ts-expect-error interpolated values are refused by type
    expect(() => trustedHtml`a${value}b`).toThrow(TypeError);
  });
});
