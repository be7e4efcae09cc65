import {
  staffOrderBodySchema,
  staffOrderDataSchema,
  staffOrderListDataSchema,
  staffOrderListQuerySchema,
  staffOrderViewQuerySchema,
  staffPickBodySchema,
  staffStatusBodySchema,
} from '@spesa/shared/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';
import type { StaffMember, StaffService } from './staff.service';

const memberOf = (request: FastifyRequest): StaffMember => {
  if (!request.staffMember) throw new Error('the access plugin admits only staff here');
  return request.staffMember;
};

/**
 * Picking and delivery for staff (decision 018), under /ebsn/api/staff. Access staff: anonymous -> HTTP 401
 * envelope, a customer -> HTTP 403 envelope; the access plugin sets request.staffMember.
 */
const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const orderAnswer = { 200: apiResponse(staffOrderDataSchema) };

  app.get(
    '/staff/order/list',
    {
      config: { access: ACCESS.staff() },
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
      config: { access: ACCESS.staff() },
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
      config: { access: ACCESS.staff() },
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
      config: { access: ACCESS.staff() },
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
      config: { access: ACCESS.staff() },
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
      config: { access: ACCESS.staff() },
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
