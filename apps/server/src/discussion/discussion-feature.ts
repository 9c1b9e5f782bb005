import { z } from 'zod';
import { defineFeature } from '../platform/feature/feature-manifest';
import { defineJob } from '../platform/jobs/job-queue';
import { discussionAdminResources } from './discussion-admin-resources';
import { discussionRoutes } from './discussion-routes';
import { createDiscussionServices } from './discussion-services';
import { discussionPersonalData } from './privacy/discussion-personal-data';
import { lineRightsRoutes } from './privacy/line-rights-routes';
import * as schema from './schema';
import { pushAnswerJob } from './services/create-comment';
import { discussionAuditLabels } from './discussion-audit-labels';
import { commentSearchSource } from './services/refresh-comment-search';
import { questionSearchSource } from './services/refresh-question-search';
import { fillAdminSearchRows } from '../platform/admin/admin-search-rows';

/**
 * The expert discussion area: a LINE mini app (LIFF) where farmers ask with photos and
 * experts and peers comment; identities verified by the server from LINE ID tokens, or from the
 * local demo identity provider on an install without a LINE channel.
 */
export const discussionFeature = defineFeature({
  name: 'discussion',
  servicesKey: 'discussion',
  tables: schema,
  services: createDiscussionServices,
  routes: async (app, services) => {
    await discussionRoutes(app, services);
    await lineRightsRoutes(app, services);
  },
  personalData: () => discussionPersonalData,
  jobs: (services) => ({
    [pushAnswerJob]: defineJob({
      label: '以 LINE 通知發問者有新回覆',
      payload: z.object({ commentId: z.number().int().positive() }),
      retryLimit: 5,
      retryDelaySeconds: 60,
      retryBackoff: true,
      handle: async ({ commentId }) => {
        await services.pushAnswer(commentId);
      },
    }),
  }),
  adminResources: (services) => discussionAdminResources(services),
  auditLabels: discussionAuditLabels,
  // Inside LINE the LIFF SDK talks to LINE's API and signs in through access.line.me.
  async contentSecurityPolicy(services) {
    if (services.settings.mode !== 'line') return {};
    return {
      'connect-src': ['https://api.line.me', 'https://liffsdk.line-scdn.net'],
      'img-src': ['https://profile.line-scdn.net', 'https://obs.line-scdn.net'],
    };
  },
  async onStart({ db, services, log, underStartupLock }) {
    if (services.settings.mode === 'demo') {
      log.warn('discussion: no LINE channel configured; the expert discussion area runs on the demo identity provider');
    }
    const filled = await underStartupLock(async () => ({
      questions: await fillAdminSearchRows(db, questionSearchSource),
      comments: await fillAdminSearchRows(db, commentSearchSource),
    }));
    if (filled.questions + filled.comments > 0) log.info(filled, 'search rows filled in for discussion posts');
  },
});
