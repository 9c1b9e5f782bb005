import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { wasRefusedForOverload } from './overload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log this route's answers at debug instead of info (health probes and metric scrapes, every few seconds). */
    quietLog?: boolean;
  }
}

/** Query parameters whose values are secrets or personal data. Why: decision 0320. */
const secretParameter = /token|secret|password|passwd|signature|^(t|key|code|sig|email|mail|tel|phone)$/i;

/**
 * Path segments that are personal data: the spec's order lookup puts a phone number in the path
 * (`/api/v1/orders-by-members-cellphone/{phone}`).
 */
const personalPathSegment = /(\/orders-by-members-cellphone\/)[^/?#]*/gi;

/** The address as logged: personal path segments and every secret parameter's value replaced. */
export function redactedUrl(sentUrl: string): string {
  const url = sentUrl.replace(personalPathSegment, '$1[redacted]');
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is kept back all the same.
        return `${pair.slice(0, equals)}=[redacted]`;
      }
      return secretParameter.test(name) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** The fields of a request's one log line (also written by the page cache's fast path, page-fast-path.ts). */
export function requestCompletedLine(method: string, url: string, statusCode: number, elapsedMs: number) {
  return { method, url: redactedUrl(url), statusCode, responseTime: Math.round(elapsedMs * 10) / 10 };
}

/** One log line per request, written when it completes: method, address, status and time. Why: decision 0320. */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = requestCompletedLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    // Health probes and metric scrapes come every few seconds; /readyz logs its own changes of state.
    if (request.routeOptions.config.quietLog) reply.log.debug(line, 'request completed');
    // Refused on purpose while the server is behind (decision 0381): thousands may come, none is a fault.
    else if (wasRefusedForOverload(request)) reply.log.warn(line, 'request refused: server behind');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else reply.log.info(line, 'request completed');
  }

  override defaultErrorLog() {}

  override routeNotFound() {}
}
