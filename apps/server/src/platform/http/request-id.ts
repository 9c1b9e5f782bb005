import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An `X-Request-Id` a proxy (nginx's `$request_id`) or a client sent is kept only when it is a
 * short run of safe characters: anything else could forge log lines or carry personal data.
 */
const safeRequestId = /^[A-Za-z0-9._:-]{8,64}$/;

/** The request's id (Fastify's `genReqId`, and the page fast path's): the incoming one when safe, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && safeRequestId.test(sent) ? sent : randomUUID();
}

const currentRequest = new AsyncLocalStorage<string>();

/** The id of the request (or of the job started by one) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return currentRequest.getStore();
}

/** Runs `work` as part of the request (or job) `requestId`: jobs it queues carry the id. */
export function runAsRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : currentRequest.run(requestId, work);
}

/**
 * Makes a request's id current while its handler runs, so a job the handler queues — however deep in a service —
 * carries it (background-jobs.ts). Why: decision 0320.
 */
export function requestIdContext(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => currentRequest.run(request.id, done));
}
