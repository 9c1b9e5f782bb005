import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../accounts';
import { loadDraft, updateDraft, type ConsultationDraft } from './draft-store';
import {
  backoffMs,
  OfflineError,
  RefusedError,
  sendDraft,
  sendLockName,
  syncTag,
  type SendProgress,
} from './send-draft';

export type SendingMode = 'idle' | 'robot-check' | 'sending' | 'offline' | 'done';

/** Resolves when the browser says the network is back, or after `ms`, whichever comes first. */
function waitForNetwork(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** Asks the browser to wake the service worker when the network is back (Background Sync), where it can. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    await registration?.sync?.register(syncTag);
  } catch {
    // No worker or no Background Sync: the page (now or on the next visit) sends the draft.
  }
}

async function withSendLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(sendLockName, work) : work();
}

/**
 * Sends a queued draft until it is done (decision 0397): retried with growing pauses and at once
 * when the browser is back online, with no tap needed; Background Sync is asked to finish it if
 * the page is closed. A refusal (a field, a photo) stops and waits for the farmer.
 */
export function useDraftSending(handlers: {
  onDraft: (draft: ConsultationDraft) => void;
  onDone: (caseId: number, draft: ConsultationDraft | null) => void;
  onRefused: (error: RefusedError) => void;
}) {
  const [mode, setMode] = useState<SendingMode>('idle');
  const running = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const send = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const outcome = await withSendLock(async () => {
            const draft = await loadDraft();
            if (!draft) return null;
            latest.current.onDraft(draft);
            if (draft.caseId !== undefined) return { caseId: draft.caseId, draft };
            if (!draft.queued) return null;
            setMode('sending');
            const caseId = await sendDraft(draft, {
              url: apiUrl,
              onProgress: ({ phase, draft: next }: SendProgress) => {
                setMode(phase === 'robot-check' ? 'robot-check' : 'sending');
                latest.current.onDraft(next);
              },
            });
            return { caseId, draft };
          });
          if (outcome) {
            setMode('done');
            latest.current.onDone(outcome.caseId, outcome.draft);
          } else {
            setMode('idle');
          }
          return;
        } catch (error) {
          if (error instanceof RefusedError) {
            await updateDraft((kept) => ({ ...kept, queued: false }));
            setMode('idle');
            latest.current.onRefused(error);
            return;
          }
          if (!(error instanceof OfflineError)) throw error;
          setMode('offline');
          if (attempt === 0) void registerBackgroundSync();
          await waitForNetwork(navigator.onLine === false ? 60_000 : backoffMs(attempt));
        }
      }
    } finally {
      running.current = false;
    }
  }, []);

  // The worker finished (or changed) the draft while this page was open: show where it stands.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'consultation-draft-changed') void send();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, [send]);

  return { mode, send };
}
