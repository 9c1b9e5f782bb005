import { recordId } from '@pest/contracts';
import { isNotFoundError, notFound } from '../ui/not-found';

/**
 * Loads the record named by the page's `id` query parameter; a missing, malformed or unknown id
 * becomes a 404 response that the route's ErrorBoundary shows with a way back.
 */
export async function loadById<T>(
  request: Request,
  load: (id: number) => Promise<T>,
  missingMessage: string,
): Promise<T> {
  const id = recordId.safeParse(new URL(request.url).searchParams.get('id') ?? '');
  if (!id.success) throw notFound(missingMessage);
  try {
    return await load(id.data);
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(missingMessage);
    throw error;
  }
}
