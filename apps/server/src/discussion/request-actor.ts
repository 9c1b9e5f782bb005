import type { FastifyRequest } from 'fastify';
import type { DiscussionActor } from './discussion-actor';
import { readDiscussionCookie } from './discussion-cookie';
import type { DiscussionServices } from './discussion-services';
// request.getViewer()
import type {} from '../platform/auth/viewer-plugin';

/** The actor of a request, from the discussion cookie and the member session. */
export async function requestActor(request: FastifyRequest, services: DiscussionServices): Promise<DiscussionActor> {
  return services.actorOf(readDiscussionCookie(request.headers.cookie), await request.getViewer());
}
