import { data, redirect } from 'react-router';

interface ServiceError {
  statusCode: number;
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

/** The server's AppError, recognised by shape (the web bundle has its own module graph). */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
    (error as { statusCode: number }).statusCode < 500
  );
}

/** Where a visitor who is not signed in goes: the login page, coming back here afterwards. */
export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Runs a call of the admin gateway for a loader or action: not signed in → the login page; any
 * other refusal (403, 404, 405, 400) → that status with its Chinese message, for the ErrorBoundary.
 */
export async function adminCall<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    if (error.statusCode === 401) throw loginRedirect(request);
    throw data({ message: error.message }, { status: error.statusCode });
  }
}
