import {
  apiErrorSchema,
  discussionDemoIdentityInput,
  discussionIdTokenSchema,
  discussionProfileSchema,
  discussionSessionSchema,
  discussionTokenInput,
  productResponse,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../platform/auth/authorize';
import { personalCacheControl } from '../platform/http/cache-control';
import { AppError } from '../platform/http/app-error';
import { infoServicePlugin } from '../platform/http/info-call';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import { sendUploadedFile } from '../platform/uploads/send-uploaded-file';
import { storedFiles } from '../platform/uploads/stored-files.schema';
import { and, eq, isNull } from 'drizzle-orm';
import { registerDiscussionCalls } from './discussion-calls';
import { clearedDiscussionCookie, discussionCookie, readDiscussionCookie } from './discussion-cookie';
import { requireReader } from './discussion-actor';
import { discussionErrors } from './discussion-errors';
import type { DiscussionServices } from './discussion-services';
import { discussionQuestionPhotos, discussionQuestions } from './schema';
import { registerDiscussionUpload } from './discussion-upload-route';
import { requestActor } from './request-actor';
import { sessionOf } from './discussion-session';

/** Where the spec's second API is mounted (decision 0190): POST /api/discuss/<call>, `{ d }`. */
export const discussionCallsPrefix = '/api/discuss';

const tags = ['discussion'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The identity exchange, the spec's calls, the upload and the photo route. */
export async function discussionRoutes(fastify: FastifyInstance, services: DiscussionServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { settings } = services;
  const enabled = () => {
    if (settings.mode === 'off') throw discussionErrors.notConfigured();
  };

  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', personalCacheControl);
      return payload;
    });
    routes.get(
      '/api/v1/discussion/session',
      {
        schema: {
          tags,
          summary: 'How this site identifies people in the discussion (LINE, demo or off) and who is signed in',
          response: { 200: productResponse(discussionSessionSchema) },
        },
      },
      async (request) => ({ data: sessionOf(services.settings, await requestActor(request, services)) }),
    );
    routes.post(
      '/api/v1/discussion/session',
      {
        config: { rateLimitBudget: rateLimitBudgets.login },
        schema: {
          tags,
          summary:
            "Exchange a LIFF ID token (verified against LINE's keys: issuer, audience = channel id, expiry) for this site's discussion session cookie",
          body: discussionTokenInput,
          response: { 200: productResponse(discussionSessionSchema), ...errors, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        enabled();
        const session = await services.signIn(request.body.idToken);
        reply.header('set-cookie', discussionCookie(settings, session.token));
        const actor = await services.actorOf(session.token, await request.getViewer());
        return { data: sessionOf(services.settings, actor) };
      },
    );
    routes.post(
      '/api/v1/discussion/session/end',
      {
        schema: {
          tags,
          summary: 'End the discussion session',
          response: { 200: productResponse(z.object({ ok: z.literal(true) })) },
        },
      },
      async (request, reply) => {
        const token = readDiscussionCookie(request.headers.cookie);
        if (token) await services.endSession(token);
        reply.header('set-cookie', clearedDiscussionCookie(settings));
        return { data: { ok: true as const } };
      },
    );
    routes.post(
      '/api/v1/discussion/demo/id-token',
      {
        config: { rateLimitBudget: rateLimitBudgets.login },
        schema: {
          tags,
          summary:
            'Demo mode only (no LINE channel configured, never in production): the local identity provider signs an ID token for a test person',
          body: discussionDemoIdentityInput,
          response: { 200: productResponse(discussionIdTokenSchema), ...errors },
        },
      },
      async (request) => {
        const idToken = await services.issueDemoToken(request.body.name);
        if (!idToken) throw AppError.notFound('示範登入只在示範模式提供');
        return { data: { idToken } };
      },
    );
    routes.post(
      '/api/v1/discussion/link',
      {
        config: { rateLimitBudget: rateLimitBudgets.login },
        schema: {
          tags,
          summary: 'Link the signed-in member to a verified LINE identity (LIFF ID token), for the area in any browser',
          body: discussionTokenInput,
          response: { 200: productResponse(discussionProfileSchema), ...errors, 503: apiErrorSchema },
        },
      },
      async (request) => {
        enabled();
        const viewer = await requireViewer(request);
        const profile = await services.linkMember(viewer.memberId, request.body.idToken);
        return { data: profile };
      },
    );
    routes.post(
      '/api/v1/discussion/unlink',
      {
        schema: {
          tags,
          summary: "Remove the signed-in member's LINE link",
          response: { 200: productResponse(z.object({ ok: z.literal(true) })), 401: apiErrorSchema },
        },
      },
      async (request) => {
        const viewer = await requireViewer(request);
        await services.unlinkMember(viewer.memberId);
        return { data: { ok: true as const } };
      },
    );
    routes.get(
      '/files/discussion/:questionId/:name',
      {
        schema: {
          hide: true,
          params: z.object({
            questionId: z.coerce.number().int().positive().max(2_147_483_647),
            name: z.string().regex(/^[0-9a-f-]{36}(_thumb|_mod)?\.jpg$/),
          }),
        },
      },
      async (request, reply) => {
        const actor = await requestActor(request, services);
        requireReader(actor);
        const [id = '', variant] = request.params.name.replace(/\.jpg$/, '').split('_');
        const [file] = await fastify.db
          .select({ file: storedFiles })
          .from(discussionQuestionPhotos)
          .innerJoin(discussionQuestions, eq(discussionQuestions.id, discussionQuestionPhotos.questionId))
          .innerJoin(storedFiles, eq(storedFiles.id, discussionQuestionPhotos.storedFileId))
          .where(
            and(
              eq(discussionQuestionPhotos.questionId, request.params.questionId),
              eq(discussionQuestionPhotos.storedFileId, id),
              isNull(discussionQuestions.deletedAt),
              isNull(discussionQuestions.hiddenAt),
            ),
          );
        if (!file) throw AppError.notFound('找不到照片');
        return sendUploadedFile(request, reply, file.file, {
          variant: variant === 'thumb' ? 'thumb' : variant === 'mod' ? 'mod' : 'full',
        });
      },
    );
    await registerDiscussionUpload(scope, services);
    await scope.register(infoServicePlugin, {
      prefix: discussionCallsPrefix,
      calls: [(calls) => registerDiscussionCalls(calls, services)],
    });
  });
}
