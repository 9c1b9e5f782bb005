import {
  accountMessages,
  apiErrorSchema,
  apiForgotPasswordBody,
  apiLoginBody,
  apiLoginResponse,
  apiSignupBody,
  errorCodes,
  memberResponse,
  messageResponse,
  sessionResponse,
} from '@pest/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import type { AccountsServices, SignInOutcome } from './accounts-services';
import { readCookie, sessionCookieName, xsrfCookie, xsrfCookieName } from './session-cookie';
import { newSecretToken, sameSecret } from './secret-token';

const noStore = 'private, no-store';

/** A failed sign-in as the product API answers it (never saying whether the account exists). */
export function signInFailure(outcome: SignInOutcome & { ok: false }): AppError {
  if (outcome.reason === 'locked') return new AppError(429, errorCodes.rateLimited, accountMessages.lockedOut);
  if (outcome.reason === 'altcha-required' || outcome.reason === 'altcha-failed') {
    return AppError.badRequest(accountMessages.robotCheckRequired);
  }
  return new AppError(401, errorCodes.unauthorized, accountMessages.wrongAccountOrPassword);
}

/** Refuses a request whose robot-check payload is missing, wrong or already spent. */
export async function requireAltcha(services: AccountsServices, payload: string | undefined): Promise<void> {
  if (!(await services.spendAltcha(payload))) throw AppError.badRequest(accountMessages.robotCheckFailed);
}

/** Paths under /api/v1/guest/… a guest may reach with POST: sending the contact form. */
const guestPostPaths = new Set(['contacts']);

function guestCredentialsMatch(request: FastifyRequest, services: AccountsServices): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization?.trim() ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const expected = `${services.settings.guestUser}:${services.settings.guestPassword}`;
  return sameSecret(decoded, expected);
}

/** The product API's auth calls, the session call and the guest entrance. */
export async function accountsRoutes(fastify: FastifyInstance, services: AccountsServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who is signed in (the header greeting, the default news tab); null when nobody',
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const viewer = await request.getViewer();
      if (!viewer) {
        // A cookie whose session has ended is removed, so the browser stops sending it.
        if (readCookie(request.headers.cookie, sessionCookieName))
          reply.header('Set-Cookie', services.clearedSessionCookie());
        return { data: null };
      }
      if (!readCookie(request.headers.cookie, xsrfCookieName)) {
        reply.header('Set-Cookie', xsrfCookie(services.settings, newSecretToken()));
      }
      return { data: await services.getSessionData(viewer.memberId) };
    },
  );

  app.get(
    '/api/v1/altcha-challenge',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A self-hosted ALTCHA proof-of-work challenge (register, forgot password, sign-in after two failures)',
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.createAltchaChallenge();
    },
  );

  app.post(
    '/api/v1/login',
    {
      config: { rateLimitBudget: rateLimitBudgets.login },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in: a short-lived bearer token for the Authorization header',
        body: apiLoginBody,
        response: { 200: apiLoginResponse, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const outcome = await services.signIn({
        account: request.body.account,
        password: request.body.password,
        altcha: request.body.altcha,
        ip: request.ip,
        kind: 'bearer',
        userAgent: request.headers['user-agent'],
      });
      if (!outcome.ok) throw signInFailure(outcome);
      return {
        data: {
          token: outcome.session.token,
          expires_at: outcome.session.expiresAt.toISOString(),
          member: outcome.member,
        },
      };
    },
  );

  app.post(
    '/api/v1/members/auth',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The member a bearer token (or session) belongs to; 401 "token verification failed" when it has ended',
        response: { 200: memberResponse, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const viewer = await request.getViewer();
      const member = viewer ? await services.getMember(viewer.memberId) : null;
      if (!member) throw new AppError(401, errorCodes.unauthorized, accountMessages.tokenVerificationFailed);
      return { data: member };
    },
  );

  app.post(
    '/api/v1/members-signup',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['accounts'],
        summary: 'Register a member (robot check required); a confirmation mail is sent',
        body: apiSignupBody,
        response: { 201: memberResponse, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The robot check comes first: only a solved one learns that an address is taken (decision 0297).
      await requireAltcha(services, request.body.altcha);
      // The product API signs in with /login afterwards.
      const { member } = await services.register(
        {
          account: request.body.account,
          name: request.body.name,
          email: request.body.email,
          memberClass: request.body.class,
          password: request.body.password,
        },
        { signIn: false },
      );
      return reply.status(201).send({ data: member });
    },
  );

  app.post(
    '/api/v1/members-forgot-password',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['accounts'],
        summary: 'Mail a one-time reset link; the same answer whether or not the account exists',
        body: apiForgotPasswordBody,
        response: { 200: messageResponse, 400: apiErrorSchema },
      },
    },
    async (request) => {
      await requireAltcha(services, request.body.altcha);
      await services.requestPasswordReset(request.body.account);
      return { data: { message: accountMessages.resetMailSent } };
    },
  );

  app.post(
    '/api/v1/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this session or revoke this bearer token',
        response: { 200: z.object({ data: z.null() }) },
      },
    },
    async (request, reply) => {
      const viewer = await request.getViewer();
      if (viewer) await services.endSession(viewer.sessionId);
      if (readCookie(request.headers.cookie, sessionCookieName))
        reply.header('Set-Cookie', services.clearedSessionCookie());
      return { data: null };
    },
  );

  // The spec's client rewrites anonymous calls to /api/v1/guest/… with fixed Basic credentials.
  // They buy nothing an anonymous visitor lacks: the call is replayed to /api/v1/… with no
  // credentials at all, and only reads and the contact form pass.
  const guest = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (!guestCredentialsMatch(request, services)) {
      throw new AppError(401, errorCodes.unauthorized, '訪客憑證不正確');
    }
    const rest = (request.params as { '*': string })['*'];
    const allowed =
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      (request.method === 'POST' && guestPostPaths.has(rest.split('?')[0] ?? ''));
    if (!allowed) throw AppError.forbidden('訪客只能瀏覽公開資料及送出聯絡表單');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    // The base path from the matched route: the raw URL may spell `guest` differently (decision 0298).
    const prefix = (request.routeOptions.url ?? '').slice(0, -'/api/v1/guest/*'.length);
    const contentType = request.headers['content-type'];
    const answer = await fastify.inject({
      method: request.method as 'GET' | 'HEAD' | 'POST',
      url: `${prefix}/api/v1/${rest.split('?')[0] ?? ''}${query}`,
      remoteAddress: request.ip,
      headers: {
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(request.headers.accept ? { accept: request.headers.accept } : {}),
      },
      ...(request.method === 'POST' ? { payload: JSON.stringify(request.body ?? {}) } : {}),
    });
    for (const name of ['content-type', 'etag', 'last-modified']) {
      const value = answer.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  fastify.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/v1/guest/*',
    schema: { hide: true },
    handler: guest,
  });
}
