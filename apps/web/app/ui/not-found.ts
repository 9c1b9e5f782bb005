import { recordId } from '@pest/contracts';
import { data } from 'react-router';

/** Services throw AppError; the web bundle has its own module graph, so it is recognised by shape. */
export function isNotFoundError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    (error as { statusCode: unknown }).statusCode === 404
  );
}

/** What a route throws for an unknown or malformed id: a 404 response its ErrorBoundary shows. */
export function notFound(message: string) {
  return data({ message }, { status: 404 });
}

/** What a route throws for a malformed query (a bad id, a control character): a 400 page, never a 500. */
export function badRequest(message = '網址的查詢參數有誤，請確認網址後再試。') {
  return data({ message }, { status: 400 });
}

/**
 * The page's `id` query parameter read with the shared id schema: a missing one is a 404, a
 * malformed one (`0x1`, `1e3`, past the int4 range…) a 400 — never coerced into another record.
 */
export function pageId(request: Request, missingMessage: string): number {
  const value = new URL(request.url).searchParams.get('id');
  if (value === null || value === '') throw notFound(missingMessage);
  const id = recordId.safeParse(value);
  if (!id.success) throw badRequest('網址中的編號格式有誤，請確認網址後再試。');
  return id.data;
}
