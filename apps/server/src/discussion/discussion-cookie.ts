import type { DiscussionSettings } from './identity/discussion-settings';

/** The discussion's httpOnly session cookie: a LINE identity's session, apart from a member's. */
export const discussionCookieName = 'pest_line_session';

export function readDiscussionCookie(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === discussionCookieName) return part.slice(index + 1).trim() || null;
  }
  return null;
}

function attributes(settings: DiscussionSettings, maxAge: number): string {
  // Lax: the LIFF page is the top-level page inside LINE, so its own calls carry the cookie.
  return [
    `Path=${settings.cookiePath}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secureCookies ? ['Secure'] : []),
    `Max-Age=${maxAge}`,
  ].join('; ');
}

export function discussionCookie(settings: DiscussionSettings, token: string): string {
  return `${discussionCookieName}=${token}; ${attributes(settings, Math.floor(settings.sessionMs / 1000))}`;
}

export function clearedDiscussionCookie(settings: DiscussionSettings): string {
  return `${discussionCookieName}=; ${attributes(settings, 0)}`;
}
