import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One call of the integration API as the audit keeps it (decision 096). */
export interface IntegrationCall {
  route: string;
  clientId: number | null;
  scope?: string | null;
  batchId?: string | null;
  status: number;
  /** token | invalid_client | invalid_scope | applied | replayed | refused | conflict | read | unauthorized... */
  outcome: string;
}

/** Every call of a client, written after its answer (integration_calls; kept 90 days by a recurring job). */
export class IntegrationAudit {
  constructor(private readonly db: Db) {}

  async record(call: IntegrationCall): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO integration_calls (client_id, route, scope, batch_id, http_status, outcome)
          VALUES (${call.clientId}, ${call.route.slice(0, 200)}, ${call.scope ?? null},
                  ${call.batchId?.slice(0, 100) ?? null}, ${call.status}, ${call.outcome.slice(0, 40)})`,
    );
  }

  async deleteOld(): Promise<void> {
    await this.db.execute(sql`DELETE FROM integration_calls WHERE at < now() - interval '90 days'`);
  }
}
