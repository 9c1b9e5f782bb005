import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, modalTimings } from './modal';
import { modalDepth } from './modal-history';

function Harness({ isStatic = false, onClose }: { isStatic?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        開啟說明
      </button>
      <Modal
        open={open}
        static={isStatic}
        title="使用說明"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>內容</p>
        <button type="button" onClick={() => setOpen(false)}>
          我知道了
        </button>
      </Modal>
    </>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement | null;

function openModal() {
  const opener = screen.getByRole('button', { name: '開啟說明' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

/** Lets the hide animation and any queued history step run. */
async function finishHiding() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(modalTimings.hideMs);
  });
}

function clickBackdrop(element: HTMLElement) {
  fireEvent.pointerDown(element);
  fireEvent.click(element);
}

describe('Modal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    // Unmount first so an open modal's history step runs under the fake clock, before the next test.
    cleanup();
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    vi.useRealTimers();
  });

  it('renders nothing while closed and a modal dialog named by its heading when open', () => {
    render(<Harness />);
    expect(dialog()).toBeNull();
    openModal();
    const element = dialog();
    expect(element?.open).toBe(true);
    const heading = screen.getByRole('heading', { level: 2, name: '使用說明' });
    expect(element?.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(screen.getByRole('dialog', { name: '使用說明' })).toBe(element);
    expect(element?.className).toBe('modal');
  });

  it('keeps the dialog for the 300 ms hide animation, then removes it', async () => {
    render(<Harness />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.className).toBe('modal modal--closing');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(modalTimings.hideMs - 1);
    });
    expect(dialog()?.open).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(dialog()).toBeNull();
  });

  it('shows again if reopened during the hide animation', async () => {
    render(<Harness />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
    fireEvent.click(screen.getByRole('button', { name: '開啟說明', hidden: true }));
    await finishHiding();
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.className).toBe('modal');
  });

  it('closes on a backdrop click', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    openModal();
    clickBackdrop(dialog()!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await finishHiding();
    expect(dialog()).toBeNull();
  });

  it('does not close on a click inside the box, or a press that started inside it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    openModal();
    clickBackdrop(screen.getByText('內容'));
    // A text selection dragged from the content and released over the backdrop.
    fireEvent.pointerDown(screen.getByText('內容'));
    fireEvent.click(dialog()!);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()?.className).toBe('modal');
  });

  it('closes on Escape (keydown or the dialog cancel event), asking once', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    openModal();
    const escape = fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(escape).toBe(false); // default prevented: we animate the close ourselves
    fireEvent(dialog()!, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await finishHiding();
    expect(dialog()).toBeNull();
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: '關閉' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when the browser back button is pressed, without the router seeing that step', async () => {
    const routerListener = vi.fn();
    window.addEventListener('popstate', routerListener);
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const depthBefore = modalDepth();
    const addressBefore = window.location.href;
    openModal();
    expect(modalDepth()).toBe(depthBefore + 1);
    expect(window.location.href).toBe(addressBefore);

    await act(async () => {
      window.history.back();
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(modalDepth()).toBe(depthBefore);
    expect(routerListener).not.toHaveBeenCalled();
    await finishHiding();
    expect(dialog()).toBeNull();
    // Going back did the job: no further step back is taken.
    expect(modalDepth()).toBe(depthBefore);
    window.removeEventListener('popstate', routerListener);
  });

  it('takes its history entry off again when closed another way, unseen by the router', async () => {
    const routerListener = vi.fn();
    window.addEventListener('popstate', routerListener);
    render(<Harness />);
    const depthBefore = modalDepth();
    openModal();
    expect(modalDepth()).toBe(depthBefore + 1);
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await finishHiding();
    expect(modalDepth()).toBe(depthBefore);
    expect(routerListener).not.toHaveBeenCalled();
    window.removeEventListener('popstate', routerListener);
  });

  it('pushes one entry when mounted open under StrictMode (effects run twice)', async () => {
    const depthBefore = modalDepth();
    const view = render(
      <StrictMode>
        <Modal open title="說明" onClose={() => {}}>
          內容
        </Modal>
      </StrictMode>,
    );
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(modalDepth()).toBe(depthBefore + 1);
    view.unmount();
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(modalDepth()).toBe(depthBefore);
  });

  it('takes both entries off when a modal over a modal closes together with it', async () => {
    const depthBefore = modalDepth();
    const view = render(
      <>
        <Modal open title="外層" onClose={() => {}}>
          外層內容
        </Modal>
        <Modal open title="內層" onClose={() => {}}>
          內層內容
        </Modal>
      </>,
    );
    expect(modalDepth()).toBe(depthBefore + 2);
    view.unmount();
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(modalDepth()).toBe(depthBefore);
  });

  it('closes only the top modal on one step back', async () => {
    const closed: string[] = [];
    render(
      <>
        <Modal open title="外層" onClose={() => closed.push('外層')}>
          外層內容
        </Modal>
        <Modal open title="內層" onClose={() => closed.push('內層')}>
          內層內容
        </Modal>
      </>,
    );
    await act(async () => {
      window.history.back();
    });
    expect(closed).toEqual(['內層']);
  });

  it('returns focus to the opener when closed', async () => {
    render(<Harness />);
    const opener = openModal();
    screen.getByRole('button', { name: '我知道了' }).focus();
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await finishHiding();
    expect(document.activeElement).toBe(opener);
  });

  describe('static', () => {
    it('ignores the backdrop, Escape and the back button, and has no close button', async () => {
      const onClose = vi.fn();
      render(<Harness isStatic onClose={onClose} />);
      const depthBefore = modalDepth();
      openModal();
      expect(modalDepth()).toBe(depthBefore); // no entry: back leaves the page as usual
      expect(screen.queryByRole('button', { name: '關閉' })).toBeNull();

      clickBackdrop(dialog()!);
      expect(fireEvent.keyDown(dialog()!, { key: 'Escape' })).toBe(false);
      expect(fireEvent(dialog()!, new Event('cancel', { cancelable: true }))).toBe(false);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await finishHiding();
      expect(onClose).not.toHaveBeenCalled();
      expect(dialog()?.open).toBe(true);
    });

    it('reopens when the browser closes it by itself', () => {
      render(<Harness isStatic />);
      openModal();
      act(() => dialog()!.close());
      expect(dialog()?.open).toBe(true);
    });

    it('closes when its owner closes it', async () => {
      render(<Harness isStatic />);
      openModal();
      fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
      await finishHiding();
      expect(dialog()).toBeNull();
    });
  });
});

describe('Modal with React Router', () => {
  it("keeps the router from reloading the page on the modal's back step, but not on real steps back", async () => {
    window.history.replaceState(null, '', '/start');
    const loads = { news: 0 };
    const router = createBrowserRouter([
      {
        path: '/news',
        loader: () => {
          loads.news += 1;
          return null;
        },
        element: <Harness />,
      },
      { path: '*', element: <Link to="/news">消息</Link> },
    ]);
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('link', { name: '消息' }));
    await screen.findByRole('button', { name: '開啟說明' });
    expect(loads.news).toBe(1);

    openModal();
    const depthWithModal = modalDepth();
    act(() => window.history.back());
    await waitFor(() => expect(dialog()).toBeNull());
    expect(modalDepth()).toBe(depthWithModal - 1);
    expect(router.state.location.pathname).toBe('/news');
    expect(router.state.navigation.state).toBe('idle');
    expect(loads.news).toBe(1);

    // A real step back still reaches the router.
    act(() => window.history.back());
    await waitFor(() => expect(router.state.location.pathname).toBe('/start'));
    router.dispose();
  });
});

describe('Modal on the server', () => {
  it('renders an open modal closed (a dialog opens only as a modal after hydration)', () => {
    const html = renderToString(
      <Modal open title="說明" onClose={() => {}}>
        內容
      </Modal>,
    );
    expect(html).toContain('<dialog');
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(
      renderToString(
        <Modal open={false} title="說明" onClose={() => {}}>
          內容
        </Modal>,
      ),
    ).toBe('');
  });
});

describe('Modal animations', () => {
  const css = readFileSync(`${import.meta.dirname}/ui.css`, 'utf8');

  it('shows in 150 ms and hides in 300 ms', () => {
    expect(css).toMatch(new RegExp(`\\.modal\\[open\\] \\{[^}]*animation: modal-in ${modalTimings.showMs}ms`));
    expect(css).toMatch(
      new RegExp(`\\.modal--closing\\[open\\] \\{[^}]*animation: modal-out ${modalTimings.hideMs}ms[^}]*forwards`),
    );
  });
});
