import type { CatalogueCollectionKey, InquiryFields, OrderMove, reorderBody } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { addCartLine } from './services/add-cart-line';
import { changeOwnOrder } from './services/change-own-order';
import { clearCart } from './services/clear-cart';
import { deleteCartLine } from './services/delete-cart-line';
import { deleteCollectionItem } from './services/delete-collection-item';
import { findPackageByName } from './services/find-package-by-name';
import { getCollectionItem } from './services/get-collection-item';
import { getOrderForAdmin } from './services/get-order-for-admin';
import { listBundlesInActivity } from './services/list-bundles-in-activity';
import { listCartLines } from './services/list-cart-lines';
import { listCollection } from './services/list-collection';
import { listCollectionForAdmin } from './services/list-collection-for-admin';
import { listMemberOrders } from './services/list-member-orders';
import { listOrdersByPhone } from './services/list-orders-by-phone';
import { listOrdersForAdmin } from './services/list-orders-for-admin';
import { moveOrder } from './services/move-order';
import { reorderCollectionItems } from './services/reorder-collection-items';
import { saveCollectionItem } from './services/save-collection-item';
import { submitInquiry } from './services/submit-inquiry';
import { updateCartLine } from './services/update-cart-line';

/**
 * The storefront's services, bound once: `context.services.catalogue`. Callers (routes,
 * page loaders and actions, admin resources) decide who is asking first; the member's id always
 * comes from the viewer, never from the address or the body.
 */
export function createCatalogueServices(context: FeatureContext) {
  const { db, log } = context;
  return {
    /**
     * A list for a page: the spec's client swallows load failures into an empty list; a page
     * shows its empty state and the failure is logged, never an error page (decision 0208).
     */
    listShown: async <K extends CatalogueCollectionKey>(key: K, where?: { column: string; value: number | string }) => {
      try {
        return await listCollection(db, key, where);
      } catch (error) {
        log.error({ err: error, collection: key }, 'catalogue list failed; the page shows it empty');
        return [];
      }
    },
    listShownBundles: async () => {
      try {
        return await listBundlesInActivity(db);
      } catch (error) {
        log.error({ err: error }, 'bundles in activity failed; the page shows none');
        return [];
      }
    },
    listCollection: <K extends CatalogueCollectionKey>(key: K, where?: { column: string; value: number | string }) =>
      listCollection(db, key, where),
    getCollectionItem: <K extends CatalogueCollectionKey>(key: K, id: number, options?: { hidden?: boolean }) =>
      getCollectionItem(db, key, id, options),
    findPackageByName: (name: string) => findPackageByName(db, name),
    listBundlesInActivity: () => listBundlesInActivity(db),
    listCollectionForAdmin: <K extends CatalogueCollectionKey>(
      key: K,
      query: Parameters<typeof listCollectionForAdmin<K>>[2],
    ) => listCollectionForAdmin(db, key, query),
    saveCollectionItem: (actor: Viewer, key: CatalogueCollectionKey, id: number | null, input: unknown) =>
      saveCollectionItem(context, actor, key, id, input),
    deleteCollectionItem: (actor: Viewer, key: CatalogueCollectionKey, id: number) =>
      deleteCollectionItem(context, actor, key, id),
    reorderCollectionItems: (actor: Viewer, key: CatalogueCollectionKey, body: z.output<typeof reorderBody>) =>
      reorderCollectionItems(context, actor, key, body),

    listCartLines: (memberId: number) => listCartLines(db, memberId),
    addCartLine: (memberId: number, productId: number, qty: number) => addCartLine(db, memberId, productId, qty),
    updateCartLine: (memberId: number, lineId: number, qty: number) => updateCartLine(db, memberId, lineId, qty),
    deleteCartLine: (memberId: number, lineId: number) => deleteCartLine(db, memberId, lineId),
    clearCart: (memberId: number) => clearCart(db, memberId),

    submitInquiry: (viewer: Viewer, fields: InquiryFields) => submitInquiry(context, viewer, fields),
    listMemberOrders: (memberId: number, filter?: Parameters<typeof listMemberOrders>[2]) =>
      listMemberOrders(db, memberId, filter),
    listOrdersByPhone: (phone: string) => listOrdersByPhone(db, phone),
    cancelOrder: (viewer: Viewer, orderId: number) => changeOwnOrder(db, viewer, orderId, { kind: 'cancel' }),
    setTransferDigits: (viewer: Viewer, orderId: number, digits: string) =>
      changeOwnOrder(db, viewer, orderId, { kind: 'transfer', digits }),
    moveOrder: (actor: Viewer, orderId: number, move: OrderMove) => moveOrder(context, actor, orderId, move),
    listOrdersForAdmin: (query: Parameters<typeof listOrdersForAdmin>[1]) => listOrdersForAdmin(db, query),
    getOrderForAdmin: (orderId: number) => getOrderForAdmin(db, orderId),
  };
}

export type CatalogueServices = ReturnType<typeof createCatalogueServices>;
