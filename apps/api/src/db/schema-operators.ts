import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators acting for a customer (decision 053): every request an operator's shop session makes while
 * acting for a customer that changes something or is refused, and every refused operator call. Written by
 * one response hook (modules/operators/operators.plugin.ts), never updated by the application. Holds no
 * personal data beyond the ids and the operator's name (it outlives an erasure like the admin audit).
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    actionId: bigserial('action_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member; null: a call of an operator endpoint by someone who is not an operator */
    operatorUserId: integer('operator_user_id'),
    operatorName: text('operator_name').notNull().default(''),
    /** the customer the operator was acting for (null: not acting, e.g. a search or a refused selection) */
    customerUserId: integer('customer_user_id'),
    /** who called when it was not an operator (a customer calling an operator endpoint) */
    callerUserId: integer('caller_user_id'),
    /** 'METHOD /path' of the route, e.g. 'POST /cart/add' */
    action: text('action').notNull(),
    /** the request's id (the server log's reqId) */
    requestId: text('request_id').notNull(),
    /** 'done' | 'failed' (answered with an error) | 'refused' (the access gate said no) */
    outcome: text('outcome').notNull(),
    httpStatus: smallint('http_status').notNull(),
    /** the error code of a failed or refused answer, e.g. msg.operator.forbidden */
    code: text('code'),
  },
  (t) => [
    index('operator_actions_customer_idx').on(t.customerUserId, t.at),
    index('operator_actions_operator_idx').on(t.operatorUserId, t.at),
    index('operator_actions_at_idx').on(t.at),
  ],
);
