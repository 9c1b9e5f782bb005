import {
  catalogueAdminContracts,
  catalogueCollections,
  ordersAdminContract,
  type CatalogueCollectionKey,
  type OrderMove,
} from '@pest/contracts';
import { defineAdminResource, type AnyAdminResource } from '../platform/admin/admin-resource';
import { AppError } from '../platform/http/app-error';
import type { CatalogueServices } from './catalogue-services';

const editors = ['editor', 'admin'] as const;

/** Every catalogue collection and the orders as generated /admin screens. */
export function catalogueAdminResources(services: CatalogueServices): AnyAdminResource[] {
  const collections = (Object.keys(catalogueCollections) as CatalogueCollectionKey[]).map((key) =>
    defineAdminResource({
      contract: catalogueAdminContracts[key] as (typeof catalogueAdminContracts)['products'],
      roles: editors,
      list: (query) => services.listCollectionForAdmin(key, query) as never,
      async get(id) {
        try {
          return (await services.getCollectionItem(key, Number(id), { hidden: true })) as never;
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404) return null;
          throw error;
        }
      },
      create: (input, actor) => services.saveCollectionItem(actor, key, null, input),
      update: async (id, input, actor) => {
        await services.saveCollectionItem(actor, key, Number(id), input);
      },
      remove: (id, actor) => services.deleteCollectionItem(actor, key, Number(id)),
    }),
  );
  const move = (name: OrderMove) => (id: string | number, actor: Parameters<CatalogueServices['moveOrder']>[0]) =>
    services.moveOrder(actor, Number(id), name);
  const orders = defineAdminResource({
    contract: ordersAdminContract,
    roles: editors,
    // Editors move orders along; the buyer's details are for admins (decision 0299).
    personalDataRoles: ['admin'],
    list: (query) => services.listOrdersForAdmin(query),
    get: (id) => services.getOrderForAdmin(Number(id)),
    actions: {
      confirm: move('confirm'),
      pay: move('pay'),
      ship: move('ship'),
      finish: move('finish'),
      cancel: move('cancel'),
    },
  });
  return [...collections, orders];
}
