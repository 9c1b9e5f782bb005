import type { AppLoadContext, EntryContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The renderer is replaced by one that finishes at once: the test is about the timer around it.
vi.mock('react-dom/server', () => ({
  renderToPipeableStream: (_element: unknown, options: { onAllReady(): void }) => {
    queueMicrotask(() => options.onAllReady());
    return { pipe: (stream: NodeJS.WritableStream) => stream.end('<!DOCTYPE html>'), abort: vi.fn() };
  },
}));

describe('handleRequest', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no abort timer behind once the page is rendered', async () => {
    vi.useFakeTimers();
    const { default: handleRequest } = await import('./entry.server');
    const response = await handleRequest(
      new Request('http://localhost/'),
      200,
      new Headers(),
      {} as EntryContext,
      { nonce: 'n' } as AppLoadContext,
    );
    expect(await response.text()).toBe('<!DOCTYPE html>');
    // Before the fix every render left a 6 s timer holding the request and its data.
    expect(vi.getTimerCount()).toBe(0);
  });
});
