import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The fields of a request's one log line (also written by the page cache's fast path, page-fast-path.ts). */
export function requestCompletedLine(method: string, url: string, statusCode: number, elapsedMs: number) {
  return { method, url, statusCode, responseTime: Math.round(elapsedMs * 10) / 10 };
}

/**
 * One log line per request, written when it completes: method, address, status and time. A
 * flood of 404s or 405s used to write two lines each, some with a stack trace; a 4xx is the
 * client's mistake and never carries one. Errors of the server are logged (with their stack)
 * by the central error handler, once.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = requestCompletedLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else reply.log.info(line, 'request completed');
  }

  override defaultErrorLog() {}

  override routeNotFound() {}
}
