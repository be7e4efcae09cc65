import { ADMIN_GRANTS } from '@spesa/shared/contracts/admin';
import { adminOrdersEndpoints as api } from '@spesa/shared/contracts/admin-orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { ParkingService } from './parking.service';
import type { StaffService } from './staff.service';

const tags = ['backoffice'];
const readers = ACCESS.admin(ADMIN_GRANTS.orders.read);
const pickers = ACCESS.admin(ADMIN_GRANTS.orders.write);

/**
 * Orders in the back office (decisions 018 and 030), under /ebsn/api/admin/orders: the day's orders, picking,
 * prepared with the capture, the delivery steps. The back office's session and roles (ADMIN_GRANTS.orders);
 * a store manager or picker reaches only their stores' orders (another store's order is "not found").
 */
const adminOrdersRoutes: FastifyPluginAsyncZod<{ staff: StaffService; parking: ParkingService }> = async (
  app,
  { staff, parking },
) => {
  app.route({
    ...contractRoute(api.arrivals, {
      access: ACCESS.admin(ADMIN_GRANTS.arrivals.read),
      tags,
      summary:
        "Today's parking reservations of Drive orders of the member's stores (Arrivi di oggi), latest first",
    }),
    handler: async (request) => answer(request, await parking.arrivals(adminOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: "A day's orders (default today), optionally one store or time window, by time window",
    }),
    handler: async (request) => answer(request, await staff.list(adminOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.view, {
      access: readers,
      tags,
      summary: 'One order for picking: lines ordered and delivered, and the statuses staff may set',
    }),
    handler: async (request) => answer(request, await staff.view(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.startPreparation, { access: pickers, tags, summary: 'Starts picking (status 18)' }),
    handler: async (request) =>
      answer(request, await staff.startPreparation(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.substitutes, {
      access: pickers,
      tags,
      summary: "Products that may replace a line (its category, or a search), at most the line's price",
    }),
    handler: async (request) =>
      answer(
        request,
        await staff.substituteCandidates(
          adminOf(request),
          request.params.id,
          request.query.orderItemId,
          request.query.q,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.pick, {
      access: pickers,
      tags,
      summary: 'Records the delivered quantity, real weight or substitute of one line',
    }),
    handler: async (request) =>
      answer(request, await staff.pick(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.prepared, {
      access: pickers,
      tags,
      summary: 'Marks the order prepared and captures the real amount (never above the authorisation)',
    }),
    handler: async (request) =>
      answer(request, await staff.markPrepared(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.status, {
      access: pickers,
      tags,
      summary: 'Out for delivery, delivered, partially delivered, not collected, failed',
    }),
    handler: async (request) =>
      answer(request, await staff.deliveryStep(adminOf(request), request.params.id, request.body)),
  });
};

export default adminOrdersRoutes;
