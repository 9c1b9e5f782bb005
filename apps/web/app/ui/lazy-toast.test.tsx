import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToastRegion, notify } from './lazy-toast';

describe('lazy toast region', () => {
  it('renders nothing until the first toast, then mounts the region and shows it', async () => {
    const { container } = render(<LazyToastRegion />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => {
      notify.success('已儲存');
    });
    expect(await screen.findByText('已儲存')).toBeTruthy();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });
});
