import type { discussionCommentInput } from '@pest/contracts';
import {
  discussionCommentSchema,
  discussionCommentsInput,
  discussionCreated,
  discussionDeleted,
  discussionIdInput,
  discussionListInput,
  discussionMineInput,
  discussionQuestionInput,
  discussionQuestionSchema,
  emptyBody,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerInfoCall } from '../platform/http/info-call';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import { requireReader } from './discussion-actor';
import { discussionErrors } from './discussion-errors';
import { requestActor } from './request-actor';
import type { DiscussionServices } from './discussion-services';

/**
 * The spec's second API, POST /api/discuss/<call> answering `{ d }`. Every
 * call needs a LINE-verified identity (or staff, to read and moderate); `lineid` in a body is
 * accepted and ignored — the session's identity decides.
 */
export function registerDiscussionCalls(app: FastifyInstance, services: DiscussionServices) {
  const actorOf = async (request: Parameters<typeof requestActor>[0]) => {
    if (services.settings.mode === 'off') throw discussionErrors.notConfigured();
    return requestActor(request, services);
  };
  const reading = async (request: Parameters<typeof requestActor>[0]) => {
    const actor = await actorOf(request);
    requireReader(actor);
    return actor;
  };

  registerInfoCall(app, 'discussmain_list_all', {
    summary: 'All questions, newest first (optional keyword over describe and note)',
    body: z.union([emptyBody, discussionListInput]),
    data: z.array(discussionQuestionSchema),
    handler: async (body, request) =>
      services.listQuestions(await reading(request), { keyword: 'keyword' in body ? body.keyword : undefined }),
  });
  registerInfoCall(app, 'discussmain_list_lineid', {
    summary: "The session's own questions ('my questions'); the lineid sent is ignored",
    body: discussionMineInput,
    data: z.array(discussionQuestionSchema),
    handler: async (body, request) =>
      services.listQuestions(await reading(request), { keyword: body.keyword, mine: true }),
  });
  registerInfoCall(app, 'discussmain_new', {
    summary: 'Ask a question: dclass, type, typeOther, describe, note, pic (comma-joined names from the upload)',
    rateLimitBudget: rateLimitBudgets.form,
    // The service validates with the same contract and answers field by field in Chinese.
    body: z
      .record(z.string(), z.unknown())
      .describe(JSON.stringify(z.toJSONSchema(discussionQuestionInput, { io: 'input' }))),
    data: discussionCreated,
    handler: async (body, request) =>
      services.createQuestion(await actorOf(request), body as z.input<typeof discussionQuestionInput>),
  });
  registerInfoCall(app, 'discussmain_del', {
    summary: 'Delete a question: its asker, or an expert or editor (403 otherwise); audited',
    rateLimitBudget: rateLimitBudgets.form,
    body: discussionIdInput,
    data: discussionDeleted,
    handler: async (body, request) => services.deleteQuestion(await actorOf(request), body.id),
  });
  registerInfoCall(app, 'discusssub_list_discussid', {
    summary: "A question's comments, id descending (discussid is a string)",
    body: discussionCommentsInput,
    data: z.array(discussionCommentSchema),
    handler: async (body, request) => services.listComments(await reading(request), Number(body.discussid)),
  });
  registerInfoCall(app, 'discusssub_new', {
    summary: 'Comment (at most 60 characters); name and picture come from the verified LINE profile',
    rateLimitBudget: rateLimitBudgets.form,
    body: z.record(z.string(), z.unknown()),
    data: discussionCreated,
    handler: async (body, request) =>
      services.createComment(await actorOf(request), body as z.input<typeof discussionCommentInput>),
  });
  registerInfoCall(app, 'discusssub_del', {
    summary: 'Delete a comment: its author, or an expert or editor (403 otherwise); audited',
    rateLimitBudget: rateLimitBudgets.form,
    body: discussionIdInput,
    data: discussionDeleted,
    handler: async (body, request) => services.deleteComment(await actorOf(request), body.id),
  });
}
