import type { Role } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Who is making a request, as the server established it (never from a field the browser can edit).
 * Why: decision 0090.
 */
export interface Viewer {
  memberId: number;
  account: string;
  /** The name shown in the header greeting. */
  name: string;
  roles: readonly Role[];
  /** The session (or bearer token) the request came with: its id, for sign-out and rotation. */
  sessionId: string;
  /** How the request proved who it is. */
  via: 'session' | 'bearer';
}

/** Resolves a request's viewer; null for an anonymous visitor. Exactly one feature provides it. */
export type Authenticator = (request: FastifyRequest) => Promise<Viewer | null>;

export function hasRole(viewer: Viewer | null, ...wanted: readonly Role[]): boolean {
  return viewer !== null && wanted.some((role) => viewer.roles.includes(role));
}
