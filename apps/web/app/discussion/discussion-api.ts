import { appUrl } from '../kernel/file-url';

/** A failed call: the server's Chinese message and per-field problems. */
export class DiscussionCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
  }
}

async function failure(response: Response): Promise<DiscussionCallError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string; issues?: Array<{ path: string; message: string }> };
  } | null;
  return new DiscussionCallError(body?.error?.message ?? '發生錯誤', response.status, body?.error?.issues ?? []);
}

async function post(path: string, body: object): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // The product API counts a member's session cookie only with the XSRF header (linking in /member).
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  try {
    return await fetch(appUrl(path), {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body),
    });
  } catch {
    throw new DiscussionCallError('網路連線中斷', 0);
  }
}

/** One of the spec's second-API calls (POST /api/discuss/<name>, answer under d). */
export async function callDiscuss<T>(name: string, body: object): Promise<T> {
  const response = await post(`api/discuss/${name}`, body);
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as { d: T }).d;
}

/** A product-API call of the discussion (session, demo token, link). */
export async function callDiscussionApi<T>(path: string, body: object): Promise<T> {
  const response = await post(`api/v1/discussion/${path}`, body);
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as { data: T }).data;
}

/** The spec's upload: multipart `file` and `lineid`, answered with the file name as text. */
export async function uploadDiscussionPhoto(file: File, lineid: string): Promise<string> {
  const form = new FormData();
  form.append('lineid', lineid);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(appUrl('api/discuss/upload'), { method: 'POST', credentials: 'same-origin', body: form });
  } catch {
    throw new DiscussionCallError('網路連線中斷', 0);
  }
  if (!response.ok) throw await failure(response);
  return response.text();
}
