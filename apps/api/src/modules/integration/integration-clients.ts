import type { AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import {
  INTEGRATION_SCOPES,
  WEBHOOK_EVENT_TYPES,
  type IntegrationScope,
  type WebhookEventType,
} from '@spesa/shared/contracts/integration';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { failWith, ok, type Result } from '../../lib/result';
import { INTEGRATION_TEXT } from './integration.messages';

/**
 * The chain's systems as OAuth 2.0 clients (decision 096): registered by an administrator with their scopes,
 * a secret of 256 random bits shown once and kept as its SHA-256, revocable; access tokens are opaque
 * random strings kept as their SHA-256 with the granted scopes and an expiry, so every API process accepts
 * them and a revocation ends them at once.
 */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A client a valid token or secret names. */
export interface IntegrationCaller {
  clientId: number;
  publicId: string;
  name: string;
  scopes: IntegrationScope[];
}

interface ClientRow {
  id: number;
  clientId: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  webhookUrl: string | null;
  webhookEvents: string[];
}

const CLIENT_COLUMNS = sql`client_id AS id, public_id AS "clientId", name, scopes, created_at AS "createdAt",
  revoked_at AS "revokedAt", last_used_at AS "lastUsedAt", webhook_url AS "webhookUrl",
  webhook_events AS "webhookEvents"`;

const isScope = (s: string): s is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(s);
const isEvent = (s: string): s is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(s);

function wireOf(r: ClientRow): AdminIntegrationClient {
  return {
    id: r.id,
    clientId: r.clientId,
    name: r.name,
    scopes: r.scopes.filter(isScope),
    createdAt: new Date(r.createdAt).toISOString(),
    revokedAt: r.revokedAt ? new Date(r.revokedAt).toISOString() : null,
    lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt).toISOString() : null,
    webhookUrl: r.webhookUrl,
    webhookEvents: r.webhookEvents.filter(isEvent),
  };
}

const textArray = (items: readonly string[]) => sql`${`{${items.join(',')}}`}::text[]`;

/** Equal strings compared in constant time (a secret's hash against the stored one). */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class IntegrationClients {
  constructor(
    private readonly db: Db,
    private readonly tokenTtlSeconds: number,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<AdminIntegrationClient[]> {
    const rows = await queryRows<ClientRow>(
      this.db,
      sql`SELECT ${CLIENT_COLUMNS} FROM integration_clients ORDER BY revoked_at IS NOT NULL, client_id DESC`,
    );
    return rows.map(wireOf);
  }

  async one(id: number, db: Db = this.db): Promise<AdminIntegrationClient | null> {
    const [row] = await queryRows<ClientRow>(
      db,
      sql`SELECT ${CLIENT_COLUMNS} FROM integration_clients WHERE client_id = ${id}`,
    );
    return row ? wireOf(row) : null;
  }

  /** Registers a system: its client id and its secret, answered once (only the hash is kept). */
  async create(
    input: { name: string; scopes: IntegrationScope[] },
    staffId: number,
    db: Db = this.db,
  ): Promise<{ client: AdminIntegrationClient; clientSecret: string }> {
    const publicId = `cli_${randomBytes(12).toString('hex')}`;
    const clientSecret = `sec_${random(32)}`;
    const [row] = await queryRows<ClientRow>(
      db,
      sql`INSERT INTO integration_clients (public_id, name, secret_hash, scopes, created_by)
          VALUES (${publicId}, ${input.name}, ${sha256(clientSecret)}, ${textArray(input.scopes)}, ${staffId})
          RETURNING ${CLIENT_COLUMNS}`,
    );
    if (!row) throw new Error('integration client insert returned no row');
    return { client: wireOf(row), clientSecret };
  }

  /** Revokes a client: its secret and every token it holds stop working at once. */
  async revoke(id: number, db: Db = this.db): Promise<Result<{ client: AdminIntegrationClient }>> {
    return db.transaction(async (tx) => {
      const [row] = await queryRows<ClientRow>(
        tx,
        sql`UPDATE integration_clients SET revoked_at = now(), webhook_url = NULL
            WHERE client_id = ${id} AND revoked_at IS NULL RETURNING ${CLIENT_COLUMNS}`,
      );
      if (!row) {
        const exists = await this.one(id, tx);
        return failWith(exists ? INTEGRATION_TEXT.alreadyRevoked : INTEGRATION_TEXT.clientNotFound);
      }
      await tx.execute(sql`DELETE FROM integration_tokens WHERE client_id = ${id}`);
      return ok({ client: wireOf(row) });
    });
  }

  /** Sets (or clears, with an empty URL) the client's webhook; its signing key is made the first time. */
  async setWebhook(
    id: number,
    input: { url: string; events: WebhookEventType[] },
    db: Db = this.db,
  ): Promise<Result<{ client: AdminIntegrationClient; signingSecret: string | null }>> {
    const fresh = `whsec_${random(32)}`;
    const [row] = await queryRows<ClientRow & { madeSecret: boolean }>(
      db,
      sql`UPDATE integration_clients
             SET webhook_url = ${input.url === '' ? null : input.url},
                 webhook_events = ${textArray(input.events)},
                 webhook_secret = COALESCE(webhook_secret, ${fresh})
           WHERE client_id = ${id} AND revoked_at IS NULL
       RETURNING ${CLIENT_COLUMNS}, webhook_secret = ${fresh} AS "madeSecret"`,
    );
    if (!row) return failWith(INTEGRATION_TEXT.clientNotFound);
    return ok({ client: wireOf(row), signingSecret: row.madeSecret ? fresh : null });
  }

  /** The client of these credentials, unless they are wrong or it is revoked. */
  async authenticate(publicId: string, secret: string): Promise<IntegrationCaller | null> {
    const [row] = await queryRows<{ id: number; name: string; scopes: string[]; secretHash: string }>(
      this.db,
      sql`SELECT client_id AS id, name, scopes, secret_hash AS "secretHash" FROM integration_clients
          WHERE public_id = ${publicId} AND revoked_at IS NULL`,
    );
    // the hash is computed either way: an unknown client id takes as long as a wrong secret
    const given = sha256(secret);
    if (!row || !sameText(given, row.secretHash)) return null;
    return { clientId: row.id, publicId, name: row.name, scopes: row.scopes.filter(isScope) };
  }

  /** A new access token for these scopes (already checked as granted), valid `tokenTtlSeconds`. */
  async issueToken(
    caller: IntegrationCaller,
    scopes: IntegrationScope[],
  ): Promise<{ token: string; expiresIn: number }> {
    const token = `at_${random(32)}`;
    const expiresAt = new Date(this.now().getTime() + this.tokenTtlSeconds * 1000);
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO integration_tokens (token_hash, client_id, scopes, expires_at)
            VALUES (${sha256(token)}, ${caller.clientId}, ${textArray(scopes)}, ${expiresAt.toISOString()})`,
      );
      await tx.execute(
        sql`UPDATE integration_clients SET last_used_at = now() WHERE client_id = ${caller.clientId}`,
      );
    });
    return { token, expiresIn: this.tokenTtlSeconds };
  }

  /** The client and scopes of a live token of a client not revoked, or null. */
  async resolveToken(token: string): Promise<IntegrationCaller | null> {
    if (token.length > 200) return null;
    const [row] = await queryRows<{ id: number; publicId: string; name: string; scopes: string[] }>(
      this.db,
      sql`SELECT c.client_id AS id, c.public_id AS "publicId", c.name, t.scopes
            FROM integration_tokens t JOIN integration_clients c ON c.client_id = t.client_id
           WHERE t.token_hash = ${sha256(token)} AND t.expires_at > ${this.now().toISOString()}
             AND c.revoked_at IS NULL`,
    );
    return row
      ? { clientId: row.id, publicId: row.publicId, name: row.name, scopes: row.scopes.filter(isScope) }
      : null;
  }

  /** The last use shown in the back office (at most once a minute per client: no write per call). */
  async touch(clientId: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE integration_clients SET last_used_at = now()
          WHERE client_id = ${clientId} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    );
  }

  /** Deletes expired tokens (a recurring job). */
  async deleteExpiredTokens(): Promise<void> {
    await this.db.execute(sql`DELETE FROM integration_tokens WHERE expires_at < now() - interval '1 hour'`);
  }
}
