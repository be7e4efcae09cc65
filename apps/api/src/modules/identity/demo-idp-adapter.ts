import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * oidc-provider's storage for the demo providers (decision 090), in the table demo_idp_records: every API
 * process's demo provider reads the sessions, interactions, grants and codes the others wrote, so a sign-in may
 * hop between processes. `namespace` keeps the two providers (google, facebook) apart.
 */
export function demoIdpAdapter(namespace: string, db: Db): new (name: string) => Adapter {
  return class DemoIdpAdapter implements Adapter {
    readonly #model: string;

    constructor(name: string) {
      this.#model = `${namespace}:${name}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expires = expiresIn ? sql`now() + make_interval(secs => ${expiresIn})` : sql`NULL`;
      await db.execute(
        sql`INSERT INTO demo_idp_records (model, id, payload, grant_id, uid, user_code, expires_at)
            VALUES (${this.#model}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null},
                    ${payload.uid ?? null}, ${payload.userCode ?? null}, ${expires})
            ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
              uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      );
      // what expired an hour ago is of no use to anyone
      await db.execute(sql`DELETE FROM demo_idp_records WHERE expires_at < now() - interval '1 hour'`);
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.#one(sql`id = ${id}`);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.#one(sql`uid = ${uid}`);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.#one(sql`user_code = ${userCode}`);
    }

    async consume(id: string): Promise<void> {
      await db.execute(
        sql`UPDATE demo_idp_records SET consumed_at = now() WHERE model = ${this.#model} AND id = ${id}`,
      );
    }

    async destroy(id: string): Promise<void> {
      await db.execute(sql`DELETE FROM demo_idp_records WHERE model = ${this.#model} AND id = ${id}`);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.execute(
        sql`DELETE FROM demo_idp_records WHERE grant_id = ${grantId} AND model LIKE ${`${namespace}:%`}`,
      );
    }

    async #one(where: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
      const [row] = await queryRows<{ payload: AdapterPayload; consumed: number | null }>(
        db,
        sql`SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM demo_idp_records
            WHERE model = ${this.#model} AND ${where} AND (expires_at IS NULL OR expires_at > now())`,
      );
      if (!row) return undefined;
      return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
    }
  };
}
