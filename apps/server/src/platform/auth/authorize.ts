import type { Role } from '@pest/contracts';
import { accountMessages, errorCodes } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { hasRole, type Viewer } from './viewer';

/** The one authorisation check: every route and page action that needs a person goes through it. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) {
    // A bearer token that no longer signs anyone in: the spec's "token verification failed" 401,
    // on which the client marks its session expired and sends the visitor to /login.
    const bearer = /^Bearer\s/i.test(request.headers.authorization ?? '');
    throw new AppError(401, errorCodes.unauthorized, bearer ? accountMessages.tokenVerificationFailed : '請先登入');
  }
  return viewer;
}

/** Requires a signed-in viewer holding at least one of the roles (403 otherwise, 401 when anonymous). */
export async function requireRole(request: FastifyRequest, ...wanted: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!hasRole(viewer, ...wanted)) throw AppError.forbidden();
  return viewer;
}
