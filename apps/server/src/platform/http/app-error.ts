import { errorCodes, type ErrorCode } from '@pest/contracts';

/** The one error type services throw for outcomes a client should see (4xx). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message = '找不到資料') {
    return new AppError(404, errorCodes.notFound, message);
  }

  static badRequest(message: string) {
    return new AppError(400, errorCodes.validationFailed, message);
  }

  static forbidden(message = '沒有權限執行此操作') {
    return new AppError(403, errorCodes.forbidden, message);
  }
}
