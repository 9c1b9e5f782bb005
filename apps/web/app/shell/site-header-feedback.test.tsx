import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './site-header';

function renderHeader(feedbackFormUrl: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <SiteHeader websiteTitle="作物病蟲害資訊網" feedbackFormUrl={feedbackFormUrl} /> }],
    { initialEntries: ['/search/bug'] },
  );
  return render(<RouterProvider router={router} />);
}

describe("the header's feedback link", () => {
  beforeEach(() => {
    // The member links ask who is signed in; nobody is.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: null }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("leads to this site's feedback page by default, saying where it came from", async () => {
    await act(async () => {
      renderHeader('/feedback');
    });
    const link = screen.getByRole('link', { name: '意見回饋' });
    expect(link.getAttribute('href')).toBe('/feedback?from=%2Fsearch%2Fbug');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('opens an outside form in a new window when one is configured', async () => {
    await act(async () => {
      renderHeader('https://forms.example/feedback');
    });
    const link = screen.getByRole('link', { name: /意見回饋/ });
    expect(link.getAttribute('href')).toBe('https://forms.example/feedback');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
