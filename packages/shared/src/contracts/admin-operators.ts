import { z } from 'zod';
import { listQuery } from './admin';
import { endpoint } from './endpoint';
import { OPERATION_OUTCOMES } from './operators';

/**
 * The operators' audit trail in the back office (decision 053): every action an operator took while acting
 * for a customer, every refusal; supervisors read it, filtered by operator or customer. Read-only. The
 * operators module registers it.
 */
const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const ADMIN_OPERATOR_ACTION_SORTS = ['id', 'at'] as const;
export const adminOperatorActionListQuerySchema = listQuery(ADMIN_OPERATOR_ACTION_SORTS).extend({
  operatorUserId: id.optional(),
  customerUserId: id.optional(),
  outcome: z.enum(OPERATION_OUTCOMES).optional(),
});
export const adminOperatorActionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorUserId: z.number().int().nullable(),
  operatorName: z.string(),
  customerUserId: z.number().int().nullable(),
  callerUserId: z.number().int().nullable(),
  /** 'METHOD /path' */
  action: z.string(),
  /** the Italian label the customer reads */
  label: z.string(),
  requestId: z.string(),
  outcome: z.enum(OPERATION_OUTCOMES),
  httpStatus: z.number().int(),
  code: z.string().nullable(),
});
export type AdminOperatorAction = z.infer<typeof adminOperatorActionSchema>;
export const adminOperatorActionListDataSchema = z.object({
  data: z.array(adminOperatorActionSchema),
  total: z.number().int(),
});

export const adminOperatorsEndpoints = {
  operatorActions: endpoint({
    method: 'GET',
    path: '/admin/operator-actions',
    query: adminOperatorActionListQuerySchema,
    response: adminOperatorActionListDataSchema,
  }),
};
