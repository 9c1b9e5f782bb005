import type { FastifyRequest } from 'fastify';
import { clientKeyOf } from '../http/client-key';
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
 * key (clientKeyOf: its address, an IPv6 /64) as a salted hash of the day (decision 0066), never
 * the address itself.
 */
export async function identifyUploader(request: FastifyRequest): Promise<Uploader> {
  const { hasher } = request.server.uploads;
  const now = Date.now();
  const [viewer, today, yesterday] = await Promise.all([
    request.getViewer(),
    hasher.hasherFor(now),
    hasher.hasherFor(now - dayMs),
  ]);
  // The client as the request budgets count it (an IPv6 /64 is one client), so the quota holds for a whole line.
  const client = clientKeyOf(request.ip);
  const hash = today(client);
  return { memberId: viewer?.memberId ?? null, hash, hashes: [hash, yesterday(client)] };
}
