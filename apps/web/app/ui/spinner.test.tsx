import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a polite status announcing 載入中 by default', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('載入中');
    expect(status.className).toBe('spinner');
  });

  it('announces a given label', () => {
    render(<Spinner label="查詢中" />);
    expect(screen.getByRole('status').textContent).toBe('查詢中');
  });

  it('pins itself over the page as an overlay during navigations', () => {
    render(<Spinner overlay />);
    expect(screen.getByRole('status').className).toBe('spinner spinner--overlay');
  });

  it('hides the spinning circle from assistive technology', () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector('.spinner__circle')?.getAttribute('aria-hidden')).toBe('true');
  });
});
