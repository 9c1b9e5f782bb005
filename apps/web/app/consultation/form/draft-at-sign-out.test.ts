import { describe, expect, it } from 'vitest';
import { draftAtSignOut } from './draft-at-sign-out';
import type { ConsultationDraft } from './draft-store';

const draft = (change: Partial<ConsultationDraft>): ConsultationDraft => ({
  key: 'k',
  values: { name: '王小明', email: 'wang@example.com' },
  publishConsent: false,
  photos: [],
  queued: false,
  visitor: false,
  savedAt: 0,
  ...change,
});

describe('the consultation draft at sign-out (decision 0425)', () => {
  it('deletes without asking what loses nothing: a sent case, or only the contact details filled in', () => {
    expect(draftAtSignOut(null)).toBe('none');
    expect(draftAtSignOut(draft({}))).toBe('discard');
    expect(draftAtSignOut(draft({ values: { title: '葉子有斑點' }, caseId: 12 }))).toBe('discard');
  });

  it('asks about a case typed and not sent, or one waiting for a network', () => {
    expect(draftAtSignOut(draft({ values: { name: '王小明', title: '葉子有斑點' } }))).toBe('unsent');
    expect(draftAtSignOut(draft({ queued: true }))).toBe('queued');
  });
});
