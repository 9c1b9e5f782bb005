import type { Role } from '@pest/contracts';
import { errorCodes } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { hasRole, type Viewer } from './viewer';

/** The one authorisation check: every route and page action that needs a person goes through it. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) throw new AppError(401, errorCodes.unauthorized, '請先登入');
  return viewer;
}

/** Requires a signed-in viewer holding at least one of the roles (403 otherwise, 401 when anonymous). */
export async function requireRole(request: FastifyRequest, ...wanted: readonly Role[]): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!hasRole(viewer, ...wanted)) throw AppError.forbidden();
  return viewer;
}
