import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../platform/auth/viewer';
import { AppError } from '../platform/http/app-error';
import type { AccountsServices } from './accounts-services';
import { readCookie, sessionCookieName, xsrfCookieName, xsrfHeaderName } from './session-cookie';
import { sameSecret } from './secret-token';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On a state-changing product-API request the session cookie counts only with the XSRF header
 * copied from the XSRF cookie (double submit, decision 0124). Page forms and the
 * information service rely on SameSite=Lax and the Fetch-Metadata check instead. Which route
 * answers is read from the route the router matched, never from the raw URL, which may spell the
 * same route differently (`/api/%761/…`, decision 0298).
 */
function xsrfHeaderMatches(request: FastifyRequest, basePath: string): boolean {
  if (safeMethods.has(request.method)) return true;
  const route = request.routeOptions.url;
  if (route !== undefined && !route.startsWith(`${basePath}/api/v1/`)) return true;
  const cookie = readCookie(request.headers.cookie, xsrfCookieName);
  const header = request.headers[xsrfHeaderName];
  return typeof header === 'string' && cookie !== null && cookie.length > 0 && sameSecret(header, cookie);
}

/**
 * The one authenticator of the app: an `Authorization: Bearer` token (product API)
 * or the httpOnly session cookie. Basic credentials — the guest's — are anonymous.
 */
export function accountsAuthenticator(services: AccountsServices, basePath: string): Authenticator {
  return async (request) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const bearer = /^Bearer\s+([A-Za-z0-9_-]+)$/i.exec(authorization.trim());
      return bearer?.[1] ? services.findViewer(bearer[1], 'bearer') : null;
    }
    const token = readCookie(request.headers.cookie, sessionCookieName);
    if (!token) return null;
    if (!xsrfHeaderMatches(request, basePath)) throw AppError.forbidden('XSRF 驗證失敗，請重新整理頁面後再試');
    return services.findViewer(token, 'session');
  };
}
