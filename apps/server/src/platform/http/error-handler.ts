import { errorCodes, type ApiError, type ErrorCode } from '@pest/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

const messageByStatus: Record<number, [ErrorCode, string]> = {
  400: [errorCodes.validationFailed, '請求格式有誤'],
  401: [errorCodes.unauthorized, '請先登入'],
  403: [errorCodes.forbidden, '沒有權限執行此操作'],
  404: [errorCodes.notFound, '找不到資料'],
  413: [errorCodes.payloadTooLarge, '資料量過大'],
  415: [errorCodes.unsupportedMediaType, '不支援的資料格式'],
  429: [errorCodes.rateLimited, '請求過於頻繁，請稍後再試'],
};

function body(code: ErrorCode, message: string, issues?: ApiError['error']['issues']): ApiError {
  return { error: issues ? { code, message, issues } : { code, message } };
}

/**
 * Central error handler: 4xx errors reach the client with a stable code and a readable message;
 * anything else is logged and answered with a generic 500 that leaks nothing.
 */
export const errorHandlerPlugin = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message));
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, message] = messageByStatus[status] ?? [errorCodes.validationFailed, '請求格式有誤'];
      return reply.status(status).send(body(code, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(errorCodes.internal, '伺服器發生錯誤，請稍後再試'));
  });
});
