import { errorCodes, type ApiError, type ErrorCode } from '@pest/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { setSecurityHeaders, type HeaderPair } from './security-headers';

const messageByStatus: Record<number, [ErrorCode, string]> = {
  400: [errorCodes.validationFailed, '請求格式有誤'],
  401: [errorCodes.unauthorized, '請先登入'],
  403: [errorCodes.forbidden, '沒有權限執行此操作'],
  404: [errorCodes.notFound, '找不到資料'],
  405: [errorCodes.methodNotAllowed, '不支援此請求方法'],
  408: [errorCodes.requestTimeout, '請求逾時，請重新送出'],
  409: [errorCodes.conflict, '相關資料剛被變更或刪除，請重新整理後再試'],
  413: [errorCodes.payloadTooLarge, '資料量過大'],
  415: [errorCodes.unsupportedMediaType, '不支援的資料格式'],
  429: [errorCodes.rateLimited, '請求過於頻繁，請稍後再試'],
};

function body(code: ErrorCode, message: string, issues?: ApiError['error']['issues']): ApiError {
  return { error: issues ? { code, message, issues } : { code, message } };
}

/** The error body of a 4xx status: the same `{ error: { code, message } }` whatever produced it. */
export function clientErrorBody(status: number): ApiError {
  const [code, message] = messageByStatus[status] ?? [errorCodes.badRequest, '請求格式有誤'];
  return body(code, message);
}

/** The SQLSTATE of a database error, or null: Drizzle wraps the driver's error, so its causes are looked at too. */
function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a NUL byte in text, a number out of range, an
 * impossible date…) comes from a value the client sent that validation let through: it is the
 * client's 400, not a 500.
 */
const isDataException = (state: string | null) => state?.startsWith('22') === true;

/** A foreign-key violation (23503) that a service did not turn into its own message. Why: decision 0062. */
const foreignKeyViolation = '23503';

/** Seconds a client is asked to wait when a part the site depends on is out (Retry-After). */
export const dependencyRetryAfterSeconds = 10;

const networkErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** pg's own errors for a connection it lost or could not open carry no code, only these words. */
const lostConnectionMessage =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error means a part the site depends on is out, not that this request was wrong. Why: decision 0317. */
export function isDependencyOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, message, $metadata, name } = current as {
      code?: unknown;
      message?: unknown;
      $metadata?: { httpStatusCode?: number };
      name?: unknown;
    };
    if (typeof code === 'string') {
      if (networkErrorCodes.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    }
    if (typeof message === 'string' && lostConnectionMessage.test(message)) return true;
    // The S3 client's answer from the store, or its own time-out.
    if (($metadata?.httpStatusCode ?? 0) >= 500 || name === 'TimeoutError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Fastify's router errors (FST_ERR_BAD_URL for a malformed percent-encoding, an over-long
 * parameter) skip the error handler; this option gives them the same body.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  _error,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  // No hook has run for these requests: the headers of every response are set here.
  void setSecurityHeaders(reply).status(400).send(clientErrorBody(400));
};

/**
 * Requests Node's HTTP parser rejects (malformed, headers too large, request timeout) never reach Fastify.
 * Why: decision 0062.
 */
export function clientErrorHandlerWith(securityHeaders: readonly HeaderPair[]) {
  const headerLines = securityHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const json = JSON.stringify(status === 431 ? body(errorCodes.badRequest, '請求標頭過大') : clientErrorBody(status));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n${headerLines}` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
      );
    }
    socket.destroy(error);
  };
}

/** Central error handler: 4xx errors reach the client with a stable code and a readable message. Why: decision 0062. */
export const errorHandlerPlugin = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? '格式不正確',
      }));
      const first = issues[0];
      const message = first ? (first.path ? `${first.path}：${first.message}` : first.message) : '請求格式有誤';
      return reply.status(400).send(body(errorCodes.validationFailed, message, issues));
    }
    const sqlState = sqlStateOf(error);
    if (isDataException(sqlState)) return reply.status(400).send(clientErrorBody(400));
    // Its request's one log line (request-log.ts) shows the 409.
    if (sqlState === foreignKeyViolation) return reply.status(409).send(clientErrorBody(409));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, message] = messageByStatus[status] ?? [errorCodes.validationFailed, '請求格式有誤'];
      return reply.status(status).send(body(code, message));
    }
    if (isDependencyOutage(error)) {
      // Logged once per request as a warning: an outage is the operator's news, not a bug.
      request.log.warn({ err: error }, 'a dependency is out');
      return reply
        .status(503)
        .header('retry-after', String(dependencyRetryAfterSeconds))
        .send(body(errorCodes.serviceUnavailable, '系統暫時無法使用，請稍後再試'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(errorCodes.internal, '伺服器發生錯誤，請稍後再試'));
  });
  // Fastify's own 404 body is { message, error, statusCode }: every error has one shape.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(body(errorCodes.notFound, '找不到此網址')));

  // TRACE echoes the request (cross-site tracing) and cannot become a Web Request for the page renderer (a 500).
  // Why: decision 0062.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'TRACE') {
      return reply.status(405).header('Allow', 'GET, HEAD, POST').send(clientErrorBody(405));
    }
    if (!request.headers.host) return reply.status(400).send(body(errorCodes.badRequest, '請求缺少 Host 標頭'));
  });
});
