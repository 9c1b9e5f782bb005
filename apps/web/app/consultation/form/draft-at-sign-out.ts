import { discardDraft, draftHasContent, loadDraft, type ConsultationDraft } from './draft-store';

/**
 * What signing out does with the consultation draft kept on the phone (decision 0425): a shared
 * family phone must not hand the asker's name, phone and e-mail to the next person, nor lose a
 * case the asker has not sent without saying so.
 * - `none`: no draft.
 * - `discard`: nothing of the asker's would be lost (sent already, or only the contact details the
 *   form filled in): deleted without a question.
 * - `unsent` / `queued`: a case typed and not sent (`queued`: 完成 was pressed and it waits for a
 *   network): the asker chooses to delete or keep it.
 */
export type DraftAtSignOut = 'none' | 'discard' | 'unsent' | 'queued';

export function draftAtSignOut(draft: ConsultationDraft | null): DraftAtSignOut {
  if (!draft) return 'none';
  if (draft.caseId !== undefined) return 'discard';
  if (draft.queued) return 'queued';
  return draftHasContent(draft) ? 'unsent' : 'discard';
}

/** Reads the kept draft and deletes it when nothing would be lost; says whether to ask. */
export async function settleDraftAtSignOut(): Promise<'ask-unsent' | 'ask-queued' | 'done'> {
  const state = draftAtSignOut(await loadDraft());
  if (state === 'discard') await discardDraft();
  if (state === 'unsent') return 'ask-unsent';
  if (state === 'queued') return 'ask-queued';
  return 'done';
}

export { discardDraft };
