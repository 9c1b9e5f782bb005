import { discussionMessages, errorCodes } from '@pest/contracts';
import { AppError } from '../platform/http/app-error';

/** The discussion's own outcomes as AppErrors (the one error shape, Chinese messages). */
export const discussionErrors = {
  signInNeeded: () => new AppError(401, errorCodes.unauthorized, discussionMessages.signInNeeded),
  tokenInvalid: () => new AppError(401, errorCodes.unauthorized, discussionMessages.tokenInvalid),
  tokenExpired: () => new AppError(401, errorCodes.unauthorized, discussionMessages.tokenExpired),
  lineUnavailable: () => new AppError(503, errorCodes.internal, '暫時無法向 LINE 驗證，請稍後再試'),
  notConfigured: () => new AppError(404, errorCodes.notFound, discussionMessages.notConfigured),
  blocked: () => AppError.forbidden(discussionMessages.blocked),
  notYours: () => AppError.forbidden(discussionMessages.notYours),
  tooMany: () => new AppError(429, errorCodes.rateLimited, discussionMessages.tooMany),
  notFound: () => AppError.notFound(discussionMessages.notFound),
};
