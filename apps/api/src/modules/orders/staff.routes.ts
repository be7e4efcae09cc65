import { staffEndpoints as api } from '@spesa/shared/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { StaffMember, StaffService } from './staff.service';

const memberOf = (request: FastifyRequest): StaffMember => {
  if (!request.staffMember) throw new Error('the access plugin admits only staff here');
  return request.staffMember;
};

const tags = ['staff'];

/**
 * Picking and delivery for staff (decision 018), under /ebsn/api/staff. Access staff: anonymous -> HTTP 401
 * envelope, a customer -> HTTP 403 envelope; the access plugin sets request.staffMember. The server-rendered
 * staff page (staff.page.ts, outside /ebsn/api) is not a JSON endpoint: it has no contract.
 */
const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.route({
    ...contractRoute(api.list, {
      access: ACCESS.staff(),
      tags,
      summary: 'Orders of a day (optionally one time window or store), by time window',
    }),
    handler: async (request) => answer(request, await staff.list(memberOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.view, {
      access: ACCESS.staff(),
      tags,
      summary: 'One order for picking: lines ordered and delivered, and the statuses staff may set',
    }),
    handler: async (request) => answer(request, await staff.view(memberOf(request), request.query.order_id)),
  });

  app.route({
    ...contractRoute(api.startPreparation, {
      access: ACCESS.staff(),
      tags,
      summary: 'Starts picking (status 18)',
    }),
    handler: async (request) =>
      answer(request, await staff.startPreparation(memberOf(request), request.body.orderId)),
  });

  app.route({
    ...contractRoute(api.pick, {
      access: ACCESS.staff(),
      tags,
      summary: 'Records the delivered quantity, real weight or substitute of one line',
    }),
    handler: async (request) => answer(request, await staff.pick(memberOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.prepared, {
      access: ACCESS.staff(),
      tags,
      summary: 'Marks the order prepared and captures the real amount (never above the authorisation)',
    }),
    handler: async (request) =>
      answer(request, await staff.markPrepared(memberOf(request), request.body.orderId)),
  });

  app.route({
    ...contractRoute(api.status, {
      access: ACCESS.staff(),
      tags,
      summary: 'Out for delivery, delivered, partially delivered, not collected, failed',
    }),
    handler: async (request) => answer(request, await staff.deliveryStep(memberOf(request), request.body)),
  });
};

export default staffRoutes;
