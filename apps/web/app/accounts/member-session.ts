// Zod-free modules by their own path: this one is in the shell chunk every page loads, and the
// package's index reaches zod (decisions 0086, 0275).
import type { SessionData } from '@pest/contracts';
import { accountMessages, memberClasses } from '@pest/contracts/accounts-vocabulary';
import { roles } from '@pest/contracts/role-names';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/*
 * Who is signed in, as the browser learns it: public pages are cached and shared (decision
 * 0057), so the header greeting and the member's default news tab come from
 * GET /api/v1/session (private, no-store) after the page has loaded, never from the HTML.
 */

type SessionState = { status: 'unknown' } | { status: 'known'; data: SessionData };

let state: SessionState = { status: 'unknown' };
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function apiUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\//, '')}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The body of GET /api/v1/session as `sessionResponse` (the contract) reads it, null for anything
 * else. Checked by hand, not with the zod contract: this runs on every page, and zod would add
 * about 27 KB (gzip) to each page's JavaScript (decision 0086). member-session.test.ts checks that
 * both agree.
 */
export function readSessionData(body: unknown): SessionData {
  if (typeof body !== 'object' || body === null) return null;
  const data: unknown = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const member = data as Record<string, unknown>;
  const valid =
    isString(member.account) &&
    isString(member.name) &&
    (memberClasses as readonly unknown[]).includes(member.class) &&
    Array.isArray(member.roles) &&
    member.roles.every((role) => (roles as readonly unknown[]).includes(role)) &&
    typeof member.email_confirmed === 'boolean';
  if (!valid) return null;
  // Only the contract's fields, as zod's object parse keeps them.
  const { account, name, class: memberClass, roles: memberRoles, email_confirmed } = member as NonNullable<SessionData>;
  return { account, name, class: memberClass, roles: [...memberRoles], email_confirmed };
}

/** Asks the server who is signed in (once at a time) and tells every subscriber. */
export function refreshMemberSession(): Promise<void> {
  inFlight ??= fetch(apiUrl('api/v1/session'), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      publish({ status: 'known', data: readSessionData(await response.json()) });
    })
    .catch(() => publish({ status: 'known', data: null }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The signed-in member (null when anonymous, undefined until the server has answered). */
export function useMemberSession(): SessionData | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => ({ status: 'unknown' }) as SessionState,
  );
  return current.status === 'known' ? current.data : undefined;
}

/** Keeps the session fresh: after every navigation (a sign-in, a profile change) it is asked again. */
export function useMemberSessionRefresh(): void {
  const location = useLocation();
  useEffect(() => {
    void refreshMemberSession();
  }, [location.key]);
}

/** Where a visitor whose session has ended goes: the sign-in page, coming back here afterwards. */
export function loginHref(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * A product-API call from the browser: the XSRF header copied from its cookie on non-GET
 * requests, and a 401 "token verification failed" sends the visitor to sign in again.
 */
export async function fetchProductApi(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
    if (xsrf) headers.set('x-xsrf-token', xsrf);
  }
  const response = await fetch(apiUrl(path), { ...init, headers, credentials: 'same-origin' });
  if (response.status === 401) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: { message?: string } } | null;
    if (body?.error?.message === accountMessages.tokenVerificationFailed) {
      publish({ status: 'known', data: null });
      // The page's path within the site (without BASE_PATH), as /login?redirect= takes it.
      const here = `/${window.location.pathname.slice(import.meta.env.BASE_URL.length)}${window.location.search}`;
      window.location.assign(apiUrl(loginHref(here)));
    }
  }
  return response;
}
