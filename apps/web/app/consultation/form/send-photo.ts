/** The long side a photo is shrunk to before it is sent (the server keeps 2,560 px too). */
export const longSideLimit = 2560;

/**
 * Shrinks a photo in the browser before it is sent, so a farmer on a slow line sends about 1 MB,
 * not 10: decoded with createImageBitmap, drawn at most 2,560 px on the long side and encoded as
 * JPEG (quality 0.9). A photo already small, or one the browser cannot decode (TIFF, HEIC), goes
 * as it is: the server decodes and re-encodes every photo anyway.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const longSide = Math.max(bitmap.width, bitmap.height);
    if (longSide <= longSideLimit && file.size <= 1.5 * 1024 * 1024) return file;
    const scale = Math.min(1, longSideLimit / longSide);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // Transparent PNG areas become white, as the server's re-encoding does.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}

export class SendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Per-field problems of a 400 (path, message). */
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
  }
}

function issuesOf(body: string): Array<{ path: string; message: string }> {
  try {
    const parsed = JSON.parse(body) as { error?: { issues?: Array<{ path: string; message: string }> } };
    return Array.isArray(parsed.error?.issues) ? parsed.error.issues : [];
  } catch {
    return [];
  }
}

/** The server's message from the error shape, or the spec's generic one. */
function messageOf(body: string, fallback: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : fallback;
  } catch {
    return fallback;
  }
}

/** A JSON call of the information service; rejects with the server's message. */
export async function callInfo<T>(url: string, body: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SendError('網路連線中斷', 0);
  }
  const text = await response.text();
  if (!response.ok) throw new SendError(messageOf(text, '發生錯誤'), response.status, issuesOf(text));
  return JSON.parse(text) as T;
}
