import { adminReceiptsEndpoints as api, RECEIPTS_GRANTS } from '@spesa/shared/contracts/admin-receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/result';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import type { ReceiptsService } from './receipts.service';

const tags = ['backoffice'];
const readers = ACCESS.admin(RECEIPTS_GRANTS.read);

/**
 * Customers' receipts in the back office (decisions 030 and 046), under /ebsn/api/admin/receipts: customer
 * service reads a customer's receipts and one receipt in full. Read only.
 */
const receiptsAdminRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  app.route({
    ...contractRoute(api.list, {
      access: readers,
      tags,
      summary: "A customer's receipts, newest first (in store and online)",
    }),
    handler: async (request) => {
      const { userId, page, perPage } = request.query;
      const { total, rows } = await receipts.ofCustomer(userId, perPage, (page - 1) * perPage);
      return answer(request, ok({ data: rows.map((r) => ({ ...r, id: r.receiptId })), total }));
    },
  });

  app.route({
    ...contractRoute(api.one, { access: readers, tags, summary: 'One receipt in full (any customer’s)' }),
    handler: async (request) => {
      const r = await receipts.detail(null, request.params.id);
      return answer(request, r.ok ? ok({ data: { ...r.data, id: r.data.receiptId } }) : r);
    },
  });
};

export default receiptsAdminRoutes;
