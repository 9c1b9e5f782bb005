import type { Role } from '@pest/contracts';
import { accountMessages, errorCodes } from '@pest/contracts';
import { AppError } from '../http/app-error';
import { hasRole, type Viewer } from './viewer';
// request.getViewer()
import type {} from './viewer-plugin';

/**
 * Where the viewer comes from: a Fastify request (routes) or a page's loader context (the admin
 * shell's loaders and actions), both answering `getViewer()` from the one authenticator.
 */
export interface ViewerSource {
  getViewer(): Promise<Viewer | null>;
  /** A request's headers (a page context has none): a bearer token changes the 401's message. */
  headers?: { authorization?: string | undefined };
}

/** The one authorisation check: every route and page action that needs a person goes through it. */
export async function requireViewer(request: ViewerSource): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) {
    // A bearer token that no longer signs anyone in. Why: decision 0090.
    const bearer = /^Bearer\s/i.test(request.headers?.authorization ?? '');
    throw new AppError(401, errorCodes.unauthorized, bearer ? accountMessages.tokenVerificationFailed : '請先登入');
  }
  return viewer;
}

/** Requires a signed-in viewer holding at least one of the roles (403 otherwise, 401 when anonymous). */
export async function requireRole(request: ViewerSource, ...wanted: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!hasRole(viewer, ...wanted)) throw AppError.forbidden();
  return viewer;
}
