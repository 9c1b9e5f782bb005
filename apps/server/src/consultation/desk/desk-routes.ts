import {
  apiErrorSchema,
  deskAssignInput,
  deskCaseSchema,
  deskLinkTargetQuery,
  deskLinkTargetSchema,
  deskNoteInput,
  deskPublishInput,
  deskReplyInput,
  followUpAnswerInput,
  followUpAnswers,
  productResponse,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth/authorize';
import { personalCacheControl } from '../../platform/http/cache-control';
import { AppError } from '../../platform/http/app-error';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { sendUploadedFile } from '../../platform/uploads/send-uploaded-file';
import { deskRoles } from './desk-admin-resources';
import type { DeskServices } from './desk-services';

const caseParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const photoParams = caseParams.extend({ photoId: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['consultation desk'];
const done = productResponse(z.object({ ok: z.literal(true) }));

/**
 * The expert desk's calls (docs/api.md "Consultation desk"): staff only (`requireRole` with the
 * desk roles), never cached; and the asker's follow-up answer, which needs no login.
 */
export async function deskRoutes(fastify: FastifyInstance, desk: DeskServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ...deskRoles);

  await app.register(async (staffOnly) => {
    const routes = staffOnly.withTypeProvider<ZodTypeProvider>();
    routes.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', personalCacheControl);
      return payload;
    });
    routes.get(
      '/api/v1/admin/consultation/cases/:id',
      {
        schema: {
          tags,
          summary:
            "One case on the desk: photos, reply, links, note (staff only); the asker's contact only for the assigned expert and admins, each view audited",
          params: caseParams,
          response: { 200: productResponse(deskCaseSchema), ...errors },
        },
      },
      async (request) => {
        const viewer = await staff(request);
        const found = await desk.getCase(request.params.id, viewer);
        if (!found) throw AppError.notFound('找不到此諮詢案件');
        return { data: found };
      },
    );
    routes.get(
      '/api/v1/admin/consultation/cases/:id/photos/:photoId',
      {
        schema: { tags, summary: 'A photo of a case at full size (staff only)', params: photoParams },
      },
      async (request, reply) => {
        await staff(request);
        const photo = await desk.findCasePhoto(request.params.id, request.params.photoId);
        if (!photo) throw AppError.notFound('找不到照片');
        return sendUploadedFile(request, reply, photo);
      },
    );
    routes.get(
      '/api/v1/admin/consultation/link-targets',
      {
        schema: {
          tags,
          summary: "Published records or IPM sheets whose name holds a typed text, for a reply's links (staff only)",
          querystring: z.record(z.string(), z.unknown()).describe('kind (record or ipm) and q, the typed text'),
          response: { 200: productResponse(z.array(deskLinkTargetSchema)), ...errors },
        },
      },
      async (request) => {
        await staff(request);
        const parsed = deskLinkTargetQuery.safeParse(request.query);
        if (!parsed.success)
          throw AppError.invalid(
            parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
          );
        return { data: await desk.findLinkTargets(parsed.data) };
      },
    );
    const write = (
      path: string,
      summary: string,
      contract: z.ZodType,
      run: (viewer: Awaited<ReturnType<typeof staff>>, id: number, input: unknown) => Promise<unknown>,
    ) =>
      routes.post(
        `/api/v1/admin/consultation/cases/:id/${path}`,
        {
          config: { rateLimitBudget: rateLimitBudgets.form },
          // The service validates with the same contract and answers in Chinese, field by field.
          schema: {
            tags,
            summary,
            params: caseParams,
            body: z.record(z.string(), z.unknown()).describe(contract.description ?? summary),
            response: { 200: done, ...errors },
          },
        },
        async (request) => {
          const viewer = await staff(request);
          await run(viewer, request.params.id, request.body);
          return { data: { ok: true as const } };
        },
      );
    write('assign', 'Assign the case to an expert (audited)', deskAssignInput, (viewer, id, input) =>
      desk.assignCase(viewer, id, input),
    );
    write(
      'reply',
      'Reply (sanitised), attach records / IPM sheets, publish or keep private; mails the asker (audited)',
      deskReplyInput,
      (viewer, id, input) => desk.replyToCase(viewer, id, input),
    );
    write('publish', 'Publish the answered case or keep it private (audited)', deskPublishInput, (viewer, id, input) =>
      desk.setCasePublished(viewer, id, input),
    );
    write('note', 'The staff-only note (audited)', deskNoteInput, (viewer, id, input) =>
      desk.saveStaffNote(viewer, id, input),
    );
  });

  app.post(
    '/api/v1/consultation/follow-up',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['consultation'],
        summary: "The asker's answer to the follow-up question, with the token from the mail (no login)",
        body: z.record(z.string(), z.unknown()).describe(followUpAnswerInput.description ?? 'token and answer'),
        response: {
          200: productResponse(z.object({ caseId: z.number().int(), answer: z.enum(followUpAnswers) })),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await desk.answerFollowUp(request.body) }),
  );
}
