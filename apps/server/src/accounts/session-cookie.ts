import type { AccountsSettings } from './accounts-settings';

/** The httpOnly session cookie (decision 0120): the only thing in the browser that says who it is. */
export const sessionCookieName = 'pest_session';
/** The XSRF cookie the product-API client copies into the X-XSRF-TOKEN header. */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'x-xsrf-token';

function attributes(settings: AccountsSettings, maxAge: number | null, httpOnly: boolean): string {
  return [
    `Path=${settings.cookiePath}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(settings.secureCookies ? ['Secure'] : []),
    ...(maxAge === null ? [] : [`Max-Age=${maxAge}`]),
  ].join('; ');
}

/** Set-Cookie for a new session: a browser-session cookie, or `maxAge` seconds with remember-me. */
export function sessionCookie(settings: AccountsSettings, token: string, maxAge: number | null): string {
  return `${sessionCookieName}=${token}; ${attributes(settings, maxAge, true)}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(settings: AccountsSettings): string {
  return `${sessionCookieName}=; ${attributes(settings, 0, true)}`;
}

/** Set-Cookie of the XSRF token: readable by the page's script (that is its point), never sent cross-site. */
export function xsrfCookie(settings: AccountsSettings, token: string): string {
  return `${xsrfCookieName}=${token}; ${attributes(settings, null, false)}`;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
