import { loadDraft } from '../app/consultation/form/draft-store';
import { OfflineError, sendDraft, sendLockName, syncTag } from '../app/consultation/form/send-draft';

/**
 * Background Sync of the consultation draft (decision 0397): when the page queued a draft and the
 * network comes back, the browser wakes this worker, which sends the draft from IndexedDB with the
 * page's own code, even after the page was closed. Without a network it fails, and the browser
 * tries the sync again later; a browser without Background Sync sends on the next visit.
 */
declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

const basePath = new URL(self.registration.scope).pathname.replace(/\/$/, '');
const url = (path: string) => `${self.location.origin}${basePath}/${path}`;

async function sendQueuedDraft(): Promise<void> {
  await navigator.locks.request(sendLockName, async () => {
    const draft = await loadDraft();
    if (!draft?.queued || draft.caseId !== undefined) return;
    try {
      await sendDraft(draft, { url });
    } catch (error) {
      // Rejecting asks the browser to sync again later; a refusal waits for the farmer instead.
      if (error instanceof OfflineError) throw error;
    }
    // The open pages (if any) show where the draft stands.
    for (const client of await self.clients.matchAll({ type: 'window' })) {
      client.postMessage({ type: 'consultation-draft-changed' });
    }
  });
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === syncTag) sync.waitUntil(sendQueuedDraft());
});
