import { z } from 'zod';
import { defineFeature } from '../platform/feature/feature-manifest';
import { defineJob } from '../platform/jobs/job-queue';
import { accountsAuthenticator } from './accounts-authenticator';
import { registerAccountsCalls } from './accounts-calls';
import { accountsRoutes } from './accounts-routes';
import { createAccountsServices } from './accounts-services';
import { membersAdminResource } from './members-admin-resource';
import { accountsPersonalData } from './privacy/accounts-personal-data';
import { personalDataRoutes } from './privacy/personal-data-routes';
import * as schema from './schema';
import { accountsAuditLabels } from './accounts-audit-labels';
import { memberSearchSource } from './services/refresh-member-search';
import { fillAdminSearchRows } from '../platform/admin/admin-search-rows';

/** Member accounts: sign-in, sessions, roles, registration, password reset, the robot check. */
export const accountsFeature = defineFeature({
  name: 'accounts',
  servicesKey: 'accounts',
  tables: schema,
  services: createAccountsServices,
  routes: async (app, services) => {
    await accountsRoutes(app, services);
    await personalDataRoutes(app, services);
  },
  personalData: () => accountsPersonalData,
  calls: registerAccountsCalls,
  jobs: (services) => ({
    // Ended sessions, old one-time links, aged sign-in failures and spent robot checks, every hour.
    'accounts.delete-expired': defineJob({
      payload: z.object({}),
      schedule: '17 * * * *',
      handle: async () => {
        await services.deleteExpiredRows();
      },
    }),
    // Accounts never confirmed nor used: warned at 23 days, erased at 30 (decision 0311).
    'accounts.erase-unused': defineJob({
      label: '刪除未使用的帳號',
      payload: z.object({}),
      schedule: '23 19 * * *',
      handle: async () => {
        await services.privacy.eraseUnusedAccounts();
      },
    }),
  }),
  adminResources: (services) => [membersAdminResource(services)],
  auditLabels: accountsAuditLabels,
  async onStart({ db, log, underStartupLock }) {
    const filled = await underStartupLock(() => fillAdminSearchRows(db, memberSearchSource));
    if (filled > 0) log.info({ members: filled }, 'search rows filled in for members');
  },
  authenticate: (services) =>
    accountsAuthenticator(services, services.settings.cookiePath === '/' ? '' : services.settings.cookiePath),
});
