import type { PhotoUploadState } from '@pest/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { updateDraft, type ConsultationDraft, type DraftPhoto } from './draft-store';

/*
 * Sends a kept draft to the end (decisions 0395–0397): /advNew with the draft's idempotency key,
 * each photo in chunks at the offset the server holds, then the closing call. Everything it learns
 * goes into the draft, so whoever runs it next (this page after a reload, or the service worker
 * after the page was closed) resumes there. It uses fetch, IndexedDB and WebCrypto only: the
 * service worker runs the same code.
 */

/** A photo travels in chunks this big: a lost signal costs at most one chunk. */
export const chunkBytes = 256 * 1024;

/** No network (or the server did not answer): the draft waits and is tried again. */
export class OfflineError extends Error {
  constructor() {
    super('網路連線中斷');
  }
}

/** The server refused something the farmer must change (a field, a photo). */
export class RefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
  }
}

export interface SendProgress {
  phase: 'robot-check' | 'case' | 'photos' | 'closing';
  draft: ConsultationDraft;
}

interface SendOptions {
  /** The site's URL of a path (BASE_PATH-aware). */
  url: (path: string) => string;
  onProgress?: (progress: SendProgress) => void;
}

async function request(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new OfflineError();
  }
  // The server busy or restarting, or the limit of requests reached: worth another try later.
  if (response.status >= 500 || response.status === 429) throw new OfflineError();
  return response;
}

async function refusal(response: Response): Promise<RefusedError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: string; issues?: Array<{ path: string; message: string }> };
    };
    return new RefusedError(parsed.error?.message ?? '發生錯誤', response.status, parsed.error?.issues ?? []);
  } catch {
    return new RefusedError('發生錯誤', response.status);
  }
}

async function postJson<T>(url: string, body: object): Promise<T> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as T;
}

/** The robot check, solved when sending starts (a challenge lasts minutes; a draft may wait hours). */
async function solveRobotCheck(options: SendOptions): Promise<string> {
  const response = await request(options.url('api/v1/altcha-challenge'), { headers: { accept: 'application/json' } });
  if (!response.ok) throw await refusal(response);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new RefusedError('機器人驗證失敗，請稍後再試', 400);
  return btoa(JSON.stringify({ challenge, solution }));
}

const fieldsOf = (draft: ConsultationDraft) =>
  JSON.stringify({ ...draft.values, publishConsent: draft.publishConsent });

async function createCase(draft: ConsultationDraft, options: SendOptions): Promise<ConsultationDraft> {
  const sentWith = fieldsOf(draft);
  if (draft.created && draft.created.with === sentWith) return draft;
  const values = draft.values;
  let altcha: string | undefined;
  if (draft.visitor) {
    options.onProgress?.({ phase: 'robot-check', draft });
    altcha = await solveRobotCheck(options);
  }
  options.onProgress?.({ phase: 'case', draft });
  const created = await postJson<{ d: number; token: string }>(options.url('api/info/advNew'), {
    a1: values.area,
    a2: values.plant,
    a3: values.name,
    a4: values.tel,
    a5: values.email,
    a6: values.desc,
    city: values.city,
    key: draft.key,
    publishConsent: draft.publishConsent,
    ...(altcha ? { altcha } : {}),
  });
  return (
    (await updateDraft((kept) => ({ ...kept, created: { id: created.d, token: created.token, with: sentWith } }))) ?? {
      ...draft,
      created: { id: created.d, token: created.token, with: sentWith },
    }
  );
}

async function sendPhoto(
  draft: ConsultationDraft,
  photo: DraftPhoto,
  created: { id: number; token: string },
  options: SendOptions,
): Promise<ConsultationDraft> {
  const note = async (change: Partial<DraftPhoto>) => {
    const next = await updateDraft((kept) => ({
      ...kept,
      photos: kept.photos.map((each) => (each.id === photo.id ? { ...each, ...change } : each)),
    }));
    draft = next ?? draft;
    options.onProgress?.({ phase: 'photos', draft });
  };
  const start = async (): Promise<PhotoUploadState> => {
    const answer = await postJson<{ data: PhotoUploadState }>(options.url('api/v1/consultation/photo-uploads'), {
      id: created.id,
      token: created.token,
      cl: photo.group,
      upload: photo.id,
      name: photo.name,
      size: photo.blob.size,
    });
    return answer.data;
  };
  let state = await start();
  await note({ sent: state.offset });
  while (!state.photo) {
    const end = Math.min(state.offset + chunkBytes, photo.blob.size);
    const response = await request(options.url(`api/v1/consultation/photo-uploads/${photo.id}`), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/offset+octet-stream',
        accept: 'application/json',
        'upload-offset': String(state.offset),
        'x-consultation-case': String(created.id),
        'x-upload-token': created.token,
      },
      body: photo.blob.slice(state.offset, end),
    });
    if (response.status === 409 || response.status === 404) {
      // The server holds another count (an answer was lost) or forgot the part: ask where it stands.
      state = await start();
    } else if (!response.ok) {
      throw await refusal(response);
    } else {
      state = ((await response.json()) as { data: PhotoUploadState }).data;
    }
    await note({ sent: state.offset });
  }
  await note({ sent: photo.blob.size, done: true });
  return draft;
}

/**
 * Sends the draft as far as it can. Resolves with the case number; rejects with OfflineError (try
 * again later: nothing is lost) or RefusedError (the farmer must change something; a refused
 * photo carries its message in the draft).
 */
export async function sendDraft(start: ConsultationDraft, options: SendOptions, renewed = false): Promise<number> {
  let draft = start;
  if (draft.caseId !== undefined) return draft.caseId;
  draft = await createCase(draft, options);
  const created = draft.created!;
  let refused: RefusedError | null = null;
  for (const photo of draft.photos) {
    if (photo.done || photo.error) continue;
    try {
      draft = await sendPhoto(draft, photo, created, options);
    } catch (error) {
      if (error instanceof RefusedError && error.status === 403 && !renewed) {
        // The case expired after a day without progress (decision 0396): the same key makes it anew.
        const fresh = await updateDraft(({ created: _created, ...kept }) => ({
          ...kept,
          photos: kept.photos.map((each) => ({ ...each, sent: 0, done: false })),
        }));
        if (fresh) return sendDraft(fresh, options, true);
      }
      if (!(error instanceof RefusedError) || error.status === 403 || error.status === 409) throw error;
      refused ??= error;
      draft =
        (await updateDraft((kept) => ({
          ...kept,
          photos: kept.photos.map((each) => (each.id === photo.id ? { ...each, error: error.message } : each)),
        }))) ?? draft;
      options.onProgress?.({ phase: 'photos', draft });
    }
  }
  if (refused || draft.photos.some((photo) => photo.error)) {
    throw new RefusedError('請移除標示錯誤的照片後再按「完成」', 400);
  }
  options.onProgress?.({ phase: 'closing', draft });
  const done = await postJson<{ d: { id: number } }>(options.url('api/info/advDone'), {
    key: draft.key,
    token: created.token,
    photos: draft.photos.length,
  });
  const finished = await updateDraft((kept) => ({ ...kept, caseId: done.d.id, queued: false, photos: [] }));
  options.onProgress?.({ phase: 'closing', draft: finished ?? { ...draft, caseId: done.d.id } });
  return done.d.id;
}

/** Waits before the next try: 1, 2, 4 … seconds, at most 30, with some jitter. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() * 0.5);
}

/** The lock both the page and the worker take, so one of them sends at a time. */
export const sendLockName = 'consultation-draft-send';
/** The Background Sync tag the page registers when a draft waits for the network. */
export const syncTag = 'consultation-draft-send';
