/** A form's idempotency key, made once per form in the browser: a retried submit sends the same one. */
export function newFormKey(): string {
  // randomUUID needs a secure context (https or localhost); an intranet http address has only getRandomValues.
  const source = globalThis.crypto as Crypto & { randomUUID?: () => string };
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a refused call said: its message and its per-field problems. */
export interface CallProblem {
  message: string;
  issues: Array<{ path: string; message: string }>;
}

/** Reads the one error shape of the API (`{ error: { code, message, issues } }`); null when it is not one. */
export async function readProblem(response: Response): Promise<CallProblem | null> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: unknown; issues?: Array<{ path: string; message: string }> };
  } | null;
  if (!body?.error || typeof body.error.message !== 'string') return null;
  return { message: body.error.message, issues: Array.isArray(body.error.issues) ? body.error.issues : [] };
}
