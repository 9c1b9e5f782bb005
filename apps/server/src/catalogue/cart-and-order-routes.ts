import {
  accountMessages,
  apiErrorSchema,
  cartAddBody,
  cartLineParams,
  cartLineResponse,
  cartListResponse,
  cartMemberParams,
  cartUpdateBody,
  orderCreateBody,
  orderListResponse,
  orderMemberParams,
  orderNumberParams,
  orderParams,
  orderPhoneParams,
  orderRangeParams,
  orderResponse,
  storefrontMessages,
  transferDigitsBody,
} from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAltcha, type AccountsServices } from '../accounts';
import { requireRole, requireViewer } from '../platform/auth/authorize';
import { hasRole, type Viewer } from '../platform/auth/viewer';
import { AppError } from '../platform/http/app-error';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import type { CatalogueServices } from './catalogue-services';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const noStore = 'private, no-store';

/** A member's own cart: an id in the address or body that is not the viewer's is refused (IDOR). */
function ownCart(viewer: Viewer, memberId: number | undefined): number {
  if (memberId !== undefined && memberId !== viewer.memberId) throw AppError.forbidden(storefrontMessages.notYourCart);
  return viewer.memberId;
}

/**
 * A member's own orders; admins may read anyone's. Editors move orders in /admin without the
 * buyer's details, so they read no one else's here either (decision 0299).
 */
function ownOrders(viewer: Viewer, memberId: number): number {
  if (memberId !== viewer.memberId && !hasRole(viewer, 'admin'))
    throw AppError.forbidden(storefrontMessages.notYourOrder);
  return memberId;
}

/** The cart and order calls of the product API, for the member they belong to. */
export async function cartAndOrderRoutes(fastify: FastifyInstance, services: CatalogueServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (request, reply) => {
    // The matched route, not the raw URL, which may spell it differently (decision 0298).
    if (/\/api\/v1\/(shopping-carts|orders)/.test(request.routeOptions.url ?? ''))
      reply.header('Cache-Control', noStore);
  });

  app.post(
    '/api/v1/shopping-carts',
    {
      schema: {
        tags: ['cart'],
        summary: "Add a product to the signed-in member's cart; the same product again raises its qty",
        body: cartAddBody,
        response: { 200: cartLineResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const memberId = ownCart(viewer, request.body.members_id);
      return { data: await services.addCartLine(memberId, request.body.products_id, request.body.qty) };
    },
  );
  app.put(
    '/api/v1/shopping-carts/:id',
    {
      schema: {
        tags: ['cart'],
        summary: "Set the quantity of one of the member's cart lines (0 or less, or not a number, becomes 1)",
        params: cartLineParams,
        body: cartUpdateBody,
        response: { 200: cartLineResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return { data: await services.updateCartLine(viewer.memberId, request.params.id, request.body.qty) };
    },
  );
  app.delete(
    '/api/v1/shopping-carts/:id',
    {
      schema: {
        tags: ['cart'],
        summary: "Remove one of the member's cart lines",
        params: cartLineParams,
        response: { 200: z.object({ data: z.null() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await services.deleteCartLine(viewer.memberId, request.params.id);
      return { data: null };
    },
  );
  app.get(
    '/api/v1/shopping-carts-by-members-id/:memberId',
    {
      schema: {
        tags: ['cart'],
        summary: "The member's own cart (the header shows the number of lines)",
        params: cartMemberParams,
        response: { 200: cartListResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return { data: await services.listCartLines(ownCart(viewer, request.params.memberId)) };
    },
  );
  app.delete(
    '/api/v1/shopping-carts-by-members-id/:memberId',
    {
      schema: {
        tags: ['cart'],
        summary: "Empty the member's own cart",
        params: cartMemberParams,
        response: { 200: z.object({ data: z.null() }), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      await services.clearCart(ownCart(viewer, request.params.memberId));
      return { data: null };
    },
  );

  app.post(
    '/api/v1/orders',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['orders'],
        summary: "Send the inquiry: the member's cart becomes an order (robot check in `token`), the cart is emptied",
        body: orderCreateBody,
        response: { 201: orderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { members_id, token, product_info: _ignored, ...fields } = request.body;
      ownCart(viewer, members_id);
      const accounts = (request.server as unknown as { services?: { accounts?: AccountsServices } }).services?.accounts;
      if (!accounts) throw AppError.badRequest(accountMessages.robotCheckFailed);
      await requireAltcha(accounts, token);
      return reply.status(201).send({ data: await services.submitInquiry(viewer, fields) });
    },
  );

  const memberOrders = async (request: FastifyRequest, memberId: number, filter = {}) => {
    const viewer = await requireViewer(request);
    return { data: await services.listMemberOrders(ownOrders(viewer, memberId), filter) };
  };
  app.get(
    '/api/v1/orders-by-members-id/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "The member's own orders, newest first",
        params: orderMemberParams,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) => memberOrders(request, request.params.id),
  );
  app.get(
    '/api/v1/orders-by-members-id-and-order-number/member/:id/number/:number',
    {
      schema: {
        tags: ['orders'],
        summary: "The member's own order of a number (a list of at most one)",
        params: orderNumberParams,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) => memberOrders(request, request.params.id, { number: request.params.number }),
  );
  app.get(
    '/api/v1/orders-by-members-id/:id/start/:start/end/:end',
    {
      schema: {
        tags: ['orders'],
        summary: "The member's own orders sent between two days (yyyy-MM-dd, Taiwan time, both included)",
        params: orderRangeParams,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) =>
      memberOrders(request, request.params.id, { start: request.params.start, end: request.params.end }),
  );
  app.get(
    '/api/v1/orders-by-members-cellphone/:phone',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders given with a telephone number (admins)',
        params: orderPhoneParams,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return { data: await services.listOrdersByPhone(request.params.phone) };
    },
  );
  app.put(
    '/api/v1/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: "Cancel one's own order while it is new",
        params: orderParams,
        response: { 200: orderResponse, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return { data: await services.cancelOrder(viewer, request.params.id) };
    },
  );
  app.put(
    '/api/v1/orders/:id/last-number-of-transfer',
    {
      schema: {
        tags: ['orders'],
        summary: "Give the last five digits of the bank transfer for one's own order",
        params: orderParams,
        body: transferDigitsBody,
        response: { 200: orderResponse, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      if (request.body.id !== undefined && request.body.id !== request.params.id)
        throw AppError.badRequest('編號與網址不符');
      if (request.body.members_id !== undefined && request.body.members_id !== viewer.memberId)
        throw AppError.forbidden(storefrontMessages.notYourOrder);
      return {
        data: await services.setTransferDigits(viewer, request.params.id, request.body.last_number_of_transfer),
      };
    },
  );
}
