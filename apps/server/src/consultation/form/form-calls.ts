import { accountMessages, advDoneCall, advNewCall, apiErrorSchema, townCall, villCall } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireAltcha, type AccountsServices } from '../../accounts';
import { AppError } from '../../platform/http/app-error';
import { registerInfoCall } from '../../platform/http/info-call';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import type { FormServices } from './form-services';

/**
 * The form's information-service calls: /town, /vill, /advNew, and this site's closing
 * call /advDone. Registered inside the /api/info plugin.
 */
export function registerFormCalls(app: FastifyInstance, services: FormServices) {
  registerInfoCall(app, 'town', {
    ...townCall,
    summary: "Taiwan's counties and cities for the consultation form (County_ID, C_Name)",
    handler: async () => [...services.listCounties()],
  });

  registerInfoCall(app, 'vill', {
    ...villCall,
    summary: "A county's townships (T_Name); a1 is the County_ID from /town",
    handler: async (body) => services.listTownships(body.a1).map((name) => ({ T_Name: name })),
  });

  app.post(
    '/advNew',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['info'],
        summary:
          'Send the consultation form (a1 township … a6 description): d is the new case id; the case stays invisible until /advDone',
        description:
          "This site's additions: `city`, the idempotency `key` (the same key answers the same case and token), `altcha` (visitors; members skip it) and `token` in the answer.",
        body: advNewCall.body,
        response: { 200: advNewCall.response, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const body = request.body as z.output<typeof advNewCall.body>;
      const viewer = await request.getViewer();
      const asker = { memberId: viewer?.memberId ?? null };
      // A retry of a form already received needs no new robot check: it creates nothing.
      if (!viewer && !(await services.caseExists(body.key))) {
        // The accounts feature's services, as the app bound them (absent when a test app leaves accounts out).
        const accounts = (request.server as unknown as { services?: { accounts?: AccountsServices } }).services
          ?.accounts;
        if (!accounts) throw AppError.badRequest(accountMessages.robotCheckFailed);
        await requireAltcha(accounts, body.altcha);
      }
      const { altcha: _altcha, ...input } = body;
      const created = await services.createCase(input, asker);
      return { d: created.id, token: created.token };
    },
  );

  registerInfoCall(app, 'advDone', {
    ...advDoneCall,
    summary:
      "This site's addition, not in the spec: closes a consultation after its last photo (key, token, the photo count). The case becomes visible to staff and the asker is mailed the case number and a private follow link.",
    rateLimitBudget: rateLimitBudgets.form,
    handler: async (body) => services.submitCase(body),
  });
}
