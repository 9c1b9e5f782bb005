import { errorCodes, type ApiError, type ErrorCode } from '@pest/contracts';

type Issues = NonNullable<ApiError['error']['issues']>;

/** The one error type services throw for outcomes a client should see (4xx). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Per-field problems (path, message), sent with a 400 so a form shows each beside its field. */
    readonly issues?: Issues,
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

  /** A body that failed its contract, field by field (validated in a service or page action, not by a route schema). */
  static invalid(issues: Issues) {
    const first = issues[0];
    const message = first ? (first.path ? `${first.path}：${first.message}` : first.message) : '請求格式有誤';
    return new AppError(400, errorCodes.validationFailed, message, issues);
  }

  static forbidden(message = '沒有權限執行此操作') {
    return new AppError(403, errorCodes.forbidden, message);
  }
}
