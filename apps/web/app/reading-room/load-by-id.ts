import { isNotFoundError, notFound, pageId } from '../ui/not-found';

/**
 * Loads the record named by the page's `id` query parameter; a missing or unknown id becomes a
 * 404 response, a malformed one a 400, that the route's ErrorBoundary shows with a way back.
 */
export async function loadById<T>(
  request: Request,
  load: (id: number) => Promise<T>,
  missingMessage: string,
): Promise<T> {
  const id = pageId(request, missingMessage);
  try {
    return await load(id);
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(missingMessage);
    throw error;
  }
}
