import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignOutForm, unsentDraftQuestion } from './sign-out-form';

const drafts = vi.hoisted(() => ({
  settleDraftAtSignOut: vi.fn<() => Promise<'ask-unsent' | 'ask-queued' | 'done'>>(),
  discardDraft: vi.fn<() => Promise<void>>(),
}));
vi.mock('../consultation', () => ({ loadDraftAtSignOut: () => Promise.resolve(drafts) }));

function renderForm() {
  const router = createMemoryRouter([{ path: '/', element: <SignOutForm buttonClassName="button" /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('button', { name: '登出' }).closest('form')!;
}

describe('signing out with a consultation draft on the phone (decision 0425)', () => {
  let posted: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    drafts.discardDraft.mockResolvedValue(undefined);
    posted = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('signs out at once when nothing of the asker’s would be lost', async () => {
    drafts.settleDraftAtSignOut.mockResolvedValue('done');
    fireEvent.submit(renderForm());
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks about an unsent case, and keeps it when asked to', async () => {
    drafts.settleDraftAtSignOut.mockResolvedValue('ask-unsent');
    fireEvent.submit(renderForm());
    const dialog = await screen.findByRole('dialog', { name: unsentDraftQuestion });
    expect(dialog.textContent).toContain('姓名、電話、電子郵件');
    expect(dialog.textContent).not.toContain('自動送出');
    expect(posted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '保留並登出' }));
    expect(posted).toHaveBeenCalledTimes(1);
    expect(drafts.discardDraft).not.toHaveBeenCalled();
  });

  it('deletes a case waiting for a network before signing out when asked to; 取消 stays signed in', async () => {
    drafts.settleDraftAtSignOut.mockResolvedValue('ask-queued');
    fireEvent.submit(renderForm());
    const dialog = await screen.findByRole('dialog', { name: unsentDraftQuestion });
    expect(dialog.textContent).toContain('保留的諮詢會在連上網路後自動送出');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(posted).not.toHaveBeenCalled();
    fireEvent.submit(screen.getByRole('button', { name: '登出', hidden: true }).closest('form')!);
    fireEvent.click(await screen.findByRole('button', { name: '刪除並登出' }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(drafts.discardDraft).toHaveBeenCalledTimes(1);
  });
});
