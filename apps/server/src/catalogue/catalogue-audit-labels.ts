import { catalogueCollections, orderMoves } from '@pest/contracts';
import type { AuditLabels } from '../platform/audit/audit-labels';

/**
 * The audit log's words for what this feature writes to it (decision 0379): each collection is
 * `catalogue-<path>` under its own name, each order move under its button's words.
 */
export const catalogueAuditLabels: AuditLabels = {
  actions: Object.fromEntries(
    Object.entries(orderMoves).map(([move, { label }]) => [`order.${move}`, `訂單：${label}`]),
  ),
  entities: {
    order: '訂單',
    ...Object.fromEntries(
      Object.values(catalogueCollections).map((collection) => [`catalogue-${collection.path}`, collection.label]),
    ),
  },
  fields: { index_id: '排序' },
};
