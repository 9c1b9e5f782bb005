import {
  accountMessages,
  apiErrorSchema,
  chkiuserCall,
  formatUserString,
  infoResponse,
  loginforgetCall,
  loginiCall,
  userNewCall,
  userUpdateCall,
  userUpdateResponse,
  userUpdatepCall,
} from '@pest/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireViewer } from '../platform/auth/authorize';
import { registerInfoCall } from '../platform/http/info-call';
import { rateLimitBudgets, type RateLimitBudget } from '../platform/http/rate-limit/rate-limit-budgets';
import type { AccountsServices } from './accounts-services';
import { requireAltcha } from './accounts-routes';

/**
 * An information-service call that sets the session cookie (registerInfoCall's shape, with the
 * reply): POST /api/info/<name>, JSON body validated by `body`, answered `{ d }`.
 */
function registerSessionCall<Body extends z.ZodType, Data extends z.ZodType>(
  app: FastifyInstance,
  name: string,
  call: {
    summary: string;
    rateLimitBudget: RateLimitBudget;
    body: Body;
    data: Data;
    handler(body: z.output<Body>, request: FastifyRequest, reply: FastifyReply): Promise<z.output<Data>>;
  },
) {
  app.post(
    `/${name}`,
    {
      config: { rateLimitBudget: call.rateLimitBudget },
      schema: {
        tags: ['info'],
        summary: call.summary,
        body: call.body,
        response: { 200: infoResponse(call.data), 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => ({ d: await call.handler(request.body as z.output<Body>, request, reply) }),
  );
}

/** The older service's user calls: the session comes from the cookie, never the body. */
export function registerAccountsCalls(app: FastifyInstance, services: AccountsServices) {
  registerSessionCall(app, 'logini', {
    ...loginiCall,
    summary: 'Sign in; d is `class;name;email;id`, or the wrong-account-or-password (or lockout) message',
    rateLimitBudget: rateLimitBudgets.login,
    handler: async (body, request, reply) => {
      const viewer = await request.getViewer().catch(() => null);
      const outcome = await services.signIn({
        account: body.a1,
        password: body.a2,
        altcha: body.altcha,
        ip: request.ip,
        kind: 'session',
        replacing: viewer?.via === 'session' ? viewer.sessionId : undefined,
        userAgent: request.headers['user-agent'],
      });
      if (!outcome.ok) {
        if (outcome.reason === 'locked') return accountMessages.lockedOut;
        if (outcome.reason === 'altcha-required' || outcome.reason === 'altcha-failed') {
          return accountMessages.robotCheckRequired;
        }
        return accountMessages.wrongAccountOrPassword;
      }
      reply.header('Set-Cookie', services.sessionCookie(outcome.session));
      return formatUserString(outcome.member);
    },
  });

  registerSessionCall(app, 'userNew', {
    ...userNewCall,
    summary: 'Register (robot check required) and sign in; d is `class;name;email;id`',
    rateLimitBudget: rateLimitBudgets.form,
    handler: async (body, request, reply) => {
      // The robot check comes first: only a solved one learns that an address is taken (decision 0297).
      await requireAltcha(services, body.altcha);
      const { member, session } = await services.register(
        { account: body.account, name: body.name, email: body.email, memberClass: body.class, password: body.password },
        { signIn: true, userAgent: request.headers['user-agent'] },
      );
      if (session) reply.header('Set-Cookie', services.sessionCookie(session));
      return formatUserString(member);
    },
  });

  // The spec's body is the user object, without a password: a new e-mail waits for the new
  // address's confirmation (decision 0293), and `pending_email` beside `d` says a link was mailed.
  app.post(
    '/userUpdate',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['info'],
        summary:
          "Change the signed-in member's name and class; d is `class;name;email;id`. A new e-mail takes effect when it confirms by its link: until then d keeps the old one and pending_email names the new",
        body: userUpdateCall.body,
        response: { 200: userUpdateResponse, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const body = request.body as z.output<typeof userUpdateCall.body>;
      const update = await services.updateProfile(
        viewer.memberId,
        { name: body.name, email: body.email, memberClass: body.class },
        { requirePassword: false },
      );
      return {
        d: formatUserString(update.member),
        ...(update.pendingEmail ? { pending_email: update.pendingEmail } : {}),
      };
    },
  );

  registerSessionCall(app, 'userUpdatep', {
    ...userUpdatepCall,
    summary: "Change the signed-in member's password: a2 the current one, a1 the new (other sessions end)",
    rateLimitBudget: rateLimitBudgets.form,
    handler: async (body, request, reply) => {
      const viewer = await requireViewer(request);
      const session = await services.changePassword(viewer, { currentPassword: body.a2, password: body.a1 });
      if (viewer.via === 'session') reply.header('Set-Cookie', services.sessionCookie(session));
      return true as const;
    },
  });

  registerInfoCall(app, 'chkiuser', {
    ...chkiuserCall,
    summary:
      'Whether an account name is taken (the register form checks as the visitor types); a small budget of its own',
    // It tells which accounts exist, so a client gets only a few answers per window (decision 0297).
    rateLimitBudget: rateLimitBudgets.lookup,
    handler: (body) => services.checkAccountExists(body.a1),
  });

  registerInfoCall(app, 'loginforget', {
    ...loginforgetCall,
    summary: 'Mail a one-time reset link (robot check required); d is the same whether or not the account exists',
    rateLimitBudget: rateLimitBudgets.form,
    handler: async (body) => {
      await requireAltcha(services, body.altcha);
      await services.requestPasswordReset(body.a1);
      return accountMessages.resetMailSent;
    },
  });
}
