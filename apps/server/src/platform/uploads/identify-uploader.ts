import type { FastifyRequest } from 'fastify';
// request.getViewer()
import type {} from '../auth/viewer-plugin';
import type {} from './uploads-plugin';

/** Who sends or attaches files, as the server established it. */
export interface Uploader {
  /** The signed-in member, or null for a visitor. */
  memberId: number | null;
  /** The client's address hashed under today's salt (stored with the file). */
  hash: string;
  /** Today's and yesterday's hashes: a visitor's file uploaded before midnight (UTC) is still theirs after it. */
  hashes: string[];
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The uploader of a request: the viewer's member id when signed in, and always the client's
 * address as a salted hash of the day (decision 0066), never the address itself.
 */
export async function identifyUploader(request: FastifyRequest): Promise<Uploader> {
  const { hasher } = request.server.uploads;
  const now = Date.now();
  const [viewer, today, yesterday] = await Promise.all([
    request.getViewer(),
    hasher.hasherFor(now),
    hasher.hasherFor(now - dayMs),
  ]);
  const hash = today(request.ip);
  return { memberId: viewer?.memberId ?? null, hash, hashes: [hash, yesterday(request.ip)] };
}
