import type { AdminOperatorAction } from '@spesa/shared/contracts/admin-operators';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { operatorActions } from '../../db/schema';
import { wireTimestamp } from '../../db/wire-time';

export type OperatorActionRow = typeof operatorActions.$inferInsert;

const ACTION = sql`action_id::int AS id, ${wireTimestamp('at', 'seconds')} AS at, operator_user_id AS "operatorUserId",
  operator_name AS "operatorName", customer_user_id AS "customerUserId", caller_user_id AS "callerUserId",
  action, request_id AS "requestId", outcome, http_status::int AS "httpStatus", code`;

export interface ActionFilter {
  operatorUserId?: number | undefined;
  customerUserId?: number | undefined;
  outcome?: string | undefined;
  /** only what operators did (not the refused calls of customers who are no operators) */
  operatorOnly?: boolean;
}

/** The operators' audit trail (decision 053): written once per request, read by the customer and supervisors. */
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  async record(row: OperatorActionRow): Promise<void> {
    await this.db.insert(operatorActions).values(row);
  }

  /** One page of the trail, newest first unless asked otherwise, and the count of all that match. */
  async list(
    filter: ActionFilter,
    order: { by: 'id' | 'at'; desc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<Omit<AdminOperatorAction, 'label'>>; total: number }> {
    const parts: SQL[] = [sql`TRUE`];
    if (filter.operatorUserId !== undefined) parts.push(sql`operator_user_id = ${filter.operatorUserId}`);
    if (filter.customerUserId !== undefined) parts.push(sql`customer_user_id = ${filter.customerUserId}`);
    if (filter.outcome !== undefined) parts.push(sql`outcome = ${filter.outcome}`);
    if (filter.operatorOnly) parts.push(sql`operator_user_id IS NOT NULL`);
    const where = sql.join(parts, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM operator_actions WHERE ${where}`,
    );
    const column = order.by === 'at' ? 'at' : 'action_id';
    const rows = await queryRows<Omit<AdminOperatorAction, 'label'>>(
      this.db,
      sql`SELECT ${ACTION} FROM operator_actions WHERE ${where}
          ORDER BY ${sql.raw(column)} ${sql.raw(order.desc ? 'DESC' : 'ASC')}, action_id DESC
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: count?.n ?? 0 };
  }
}
