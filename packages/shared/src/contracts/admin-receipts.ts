import { z } from 'zod';
import { ADMIN_GRANTS } from './admin';
import { endpoint } from './endpoint';
import { receiptDetailSchema, receiptSummarySchema } from './receipts';

/**
 * Customers' receipts in the back office (decisions 030 and 046), under /ebsn/api/admin/receipts: customer
 * service reads a customer's receipts and one receipt in full. Read only. The receipts module registers these;
 * the roles are `ADMIN_GRANTS.receipts` (contracts/admin.ts), which the admin app reads too.
 */
export const RECEIPTS_GRANTS = ADMIN_GRANTS.receipts;

const id = z.coerce.number().int().min(1).max(2_147_483_647);

// ---------- GET /admin/receipts ----------
export const adminReceiptListQuerySchema = z.object({
  /** the customer (required: receipts are read one customer at a time) */
  userId: id,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(25),
});
export const adminReceiptSchema = receiptSummarySchema.extend({
  /** react-admin's record id: the receipt's */
  id: z.number().int(),
  userId: z.number().int(),
});
export type AdminReceipt = z.infer<typeof adminReceiptSchema>;
export const adminReceiptListDataSchema = z.object({
  data: z.array(adminReceiptSchema),
  total: z.number().int(),
});
export const adminReceiptDataSchema = z.object({
  data: receiptDetailSchema.extend({ id: z.number().int() }),
});
export type AdminReceiptDetail = z.infer<typeof adminReceiptDataSchema>['data'];

export const adminReceiptsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/receipts',
    query: adminReceiptListQuerySchema,
    response: adminReceiptListDataSchema,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/receipts/:id',
    params: z.object({ id }),
    response: adminReceiptDataSchema,
  }),
} as const;
