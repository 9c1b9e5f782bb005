import { accountMessages, sessionResponse } from '@pest/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchProductApi, readSessionData } from './member-session';

describe('readSessionData (the session answer without zod in the browser)', () => {
  const member = { account: 'alice', name: '愛麗絲', class: 'all', roles: ['member'], email_confirmed: true };
  const bodies: unknown[] = [
    { data: member },
    { data: { ...member, roles: ['member', 'admin'], extra: 'dropped' } },
    { data: null },
    {},
    null,
    'text',
    [],
    { data: 'alice' },
    { data: { ...member, account: 1 } },
    { data: { ...member, name: undefined } },
    { data: { ...member, class: 'nonsense' } },
    { data: { ...member, roles: ['member', 'root'] } },
    { data: { ...member, roles: 'member' } },
    { data: { ...member, email_confirmed: 'yes' } },
  ];

  it.each(bodies.map((body) => [JSON.stringify(body), body]))('reads %s as the contract does', (_name, body) => {
    const parsed = sessionResponse.safeParse(body);
    expect(readSessionData(body)).toEqual(parsed.success ? parsed.data.data : null);
  });

  it('accepts a signed-in member', () => {
    expect(readSessionData({ data: member })).toEqual(member);
  });
});

describe('fetchProductApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('copies the XSRF cookie into the header of a state-changing call', async () => {
    document.cookie = 'XSRF-TOKEN=abc123';
    const fetchMock = vi.fn(async () => Response.json({ data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await fetchProductApi('api/v1/logout', { method: 'POST' });
    await fetchProductApi('api/v1/session');
    const headers = (call: number) =>
      new Headers((fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers);
    expect(headers(0).get('x-xsrf-token')).toBe('abc123');
    expect(headers(1).get('x-xsrf-token')).toBeNull();
  });

  it('sends the visitor to sign in, coming back here, on the 401 "token verification failed"', async () => {
    window.history.replaceState(null, '', '/inquiry?cart=1');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const unauthorized = { error: { code: 'UNAUTHORIZED', message: accountMessages.tokenVerificationFailed } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(unauthorized, { status: 401 })),
    );
    const response = await fetchProductApi('api/v1/shopping-carts', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Finquiry%3Fcart%3D1');
  });

  it('leaves any other 401 to the caller', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { message: '請先登入' } }, { status: 401 })),
    );
    await fetchProductApi('api/v1/members/auth', { method: 'POST' });
    expect(assign).not.toHaveBeenCalled();
  });
});
