import type { PhotoGroup } from '@pest/contracts';
import { openDB, type DBSchema } from 'idb';

/*
 * The consultation draft kept on the phone (IndexedDB, through `idb`; decision 0397): what the
 * farmer typed, the chosen photos (already shrunk), and how far sending got. The page and the
 * service worker (consultation-sync.ts) read and write the same record, so either can finish it.
 */

export interface DraftPhoto {
  /** The photo's resumable upload id (decision 0395): a random UUID, kept across reloads. */
  id: string;
  group: PhotoGroup;
  name: string;
  type: string;
  lastModified: number;
  /** The photo as it is sent (shrunk in the browser). */
  blob: Blob;
  /** Bytes the server holds, as last heard. */
  sent: number;
  /** Stored in the case. */
  done: boolean;
  /** Refused by the server (wrong type, unreadable): the farmer removes it. */
  error?: string;
}

export interface ConsultationDraft {
  /** The idempotency key of /advNew, made once per draft: one case whatever the retries. */
  key: string;
  values: Record<string, string>;
  publishConsent: boolean;
  photos: DraftPhoto[];
  /** The farmer pressed 完成: the draft is sent as soon as there is a network, by the page or the worker. */
  queued: boolean;
  /** Sent by a visitor: a robot check is solved when sending starts. */
  visitor: boolean;
  /** /advNew's answer, and the fields it was sent with (changed fields after a refusal need a new key). */
  created?: { id: number; token: string; with: string };
  /** The case number, once the closing call answered. */
  caseId?: number;
  /** Why sending stopped, for the farmer (a refused field or photo). */
  problem?: string;
  savedAt: number;
}

interface DraftDatabase extends DBSchema {
  drafts: { key: string; value: ConsultationDraft };
}

const databaseName = 'consultation-drafts';
/** One draft per browser: the form a farmer has open. */
const draftId = 'current';

function database() {
  return openDB<DraftDatabase>(databaseName, 1, {
    upgrade(db) {
      db.createObjectStore('drafts');
    },
  });
}

export const canKeepDrafts = () => typeof indexedDB !== 'undefined';

export async function loadDraft(): Promise<ConsultationDraft | null> {
  if (!canKeepDrafts()) return null;
  return (await (await database()).get('drafts', draftId)) ?? null;
}

export async function saveDraft(draft: ConsultationDraft): Promise<void> {
  if (!canKeepDrafts()) return;
  await (await database()).put('drafts', { ...draft, savedAt: Date.now() }, draftId);
}

/** Changes the kept draft in one transaction (the page and the worker may both write). */
export async function updateDraft(
  change: (draft: ConsultationDraft) => ConsultationDraft,
): Promise<ConsultationDraft | null> {
  if (!canKeepDrafts()) return null;
  const db = await database();
  const tx = db.transaction('drafts', 'readwrite');
  const found = await tx.store.get(draftId);
  if (!found) {
    await tx.done;
    return null;
  }
  const next = { ...change(found), savedAt: Date.now() };
  await tx.store.put(next, draftId);
  await tx.done;
  return next;
}

export async function discardDraft(): Promise<void> {
  if (!canKeepDrafts()) return;
  await (await database()).delete('drafts', draftId);
}

/** A draft worth offering back: something typed or chosen, not yet sent. */
export function draftHasContent(draft: ConsultationDraft): boolean {
  return (
    draft.caseId === undefined &&
    (draft.photos.length > 0 ||
      Object.entries(draft.values).some(([field, value]) => field !== 'email' && field !== 'name' && value !== ''))
  );
}
