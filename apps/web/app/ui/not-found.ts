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
