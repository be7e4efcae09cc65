import {
  staffOrderBodySchema,
  staffOrderDataSchema,
  staffOrderListDataSchema,
  staffOrderListQuerySchema,
  staffOrderViewQuerySchema,
  staffPickBodySchema,
  staffStatusBodySchema,
} from '@spesa/shared/contracts/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, apiResponse, errorEnvelope, rootUserOf } from '../../plugins/envelope';
import { requireUser } from '../../plugins/session';
import { ORDERS_TEXT } from './orders.messages';
import type { StaffMember, StaffService } from './staff.service';

declare module 'fastify' {
  interface FastifyRequest {
    staffMember: StaffMember | null;
  }
}

/** Staff only: anonymous -> HTTP 401 envelope (requireUser), a customer -> HTTP 403 envelope. */
export function staffGuard(staff: StaffService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireUser(request, reply);
    if (reply.sent || !request.session) return;
    const member = await staff.member(request.session.userId);
    if (member) {
      request.staffMember = member;
      return;
    }
    await reply
      .code(403)
      .send(
        errorEnvelope(rootUserOf(request), 403, [
          { text: ORDERS_TEXT.staffOnly[1], code: ORDERS_TEXT.staffOnly[0] },
        ]),
      );
  };
}

const memberOf = (request: FastifyRequest): StaffMember => {
  if (!request.staffMember) throw new Error('staffGuard must run before this handler');
  return request.staffMember;
};

/** Picking and delivery for staff (decision 018), under /ebsn/api/staff. */
const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.decorateRequest('staffMember', null);
  const guard = staffGuard(staff);
  const orderAnswer = { 200: apiResponse(staffOrderDataSchema) };

  app.get(
    '/staff/order/list',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'Orders of a day (optionally one time window or store), by time window',
        querystring: staffOrderListQuerySchema,
        response: { 200: apiResponse(staffOrderListDataSchema) },
      },
    },
    async (request) => answer(request, await staff.list(memberOf(request), request.query)),
  );

  app.get(
    '/staff/order/view',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'One order for picking: lines ordered and delivered, and the statuses staff may set',
        querystring: staffOrderViewQuerySchema,
        response: orderAnswer,
      },
    },
    async (request) => answer(request, await staff.view(memberOf(request), request.query.order_id)),
  );

  app.post(
    '/staff/order/start-preparation',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'Starts picking (status 18)',
        body: staffOrderBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => answer(request, await staff.startPreparation(memberOf(request), request.body.orderId)),
  );

  app.post(
    '/staff/order/pick',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'Records the delivered quantity, real weight or substitute of one line',
        body: staffPickBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => answer(request, await staff.pick(memberOf(request), request.body)),
  );

  app.post(
    '/staff/order/prepared',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'Marks the order prepared and captures the real amount (never above the authorisation)',
        body: staffOrderBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => answer(request, await staff.markPrepared(memberOf(request), request.body.orderId)),
  );

  app.post(
    '/staff/order/status',
    {
      preValidation: guard,
      schema: {
        tags: ['staff'],
        summary: 'Out for delivery, delivered, partially delivered, not collected, failed',
        body: staffStatusBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => answer(request, await staff.deliveryStep(memberOf(request), request.body)),
  );
};

export default staffRoutes;
