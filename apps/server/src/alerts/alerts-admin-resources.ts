import { pestAlertsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { AlertsServices } from './alerts-services';

/** Pest alerts in /admin: editors and admins write, publish and correct them (decision 0402). */
export function alertsAdminResources(services: AlertsServices) {
  return [
    defineAdminResource({
      contract: pestAlertsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listAlertRows(query),
      get: (id) => services.getAlertRow(Number(id)),
      create: (input, actor) => services.saveAlert(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveAlert(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteAlert(actor, Number(id)),
      actions: { publish: (id, actor) => services.publishAlert(actor, Number(id)) },
    }),
  ];
}
