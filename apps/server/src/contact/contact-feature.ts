import { defineFeature } from '../platform/feature/feature-manifest';
import { contactAdminResources } from './contact-admin-resources';
import { contactRoutes } from './contact-routes';
import { createContactServices } from './contact-services';
import { contactPersonalData } from './privacy/contact-personal-data';
import * as schema from './schema';
import { contactAuditLabels } from './contact-audit-labels';

/**
 * Contact: the contact form's call for anyone, the feedback form, and
 * the staff inbox in /admin where messages are answered by mail.
 */
export const contactFeature = defineFeature({
  name: 'contact',
  servicesKey: 'contact',
  tables: schema,
  services: (context) => createContactServices(context),
  async routes(app, services) {
    await contactRoutes(app, services);
  },
  adminResources: (services) => contactAdminResources(services),
  auditLabels: contactAuditLabels,
  personalData: () => contactPersonalData,
});
