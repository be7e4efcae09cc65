import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';

/** A sign-in in flight (federated_logins), as read back when the provider answers. */
export interface PendingLogin {
  stateHash: string;
  provider: string;
  protocol: 'oidc' | 'saml';
  nonce: string;
  codeVerifier: string;
  relayStateUrl: string;
  popup: boolean;
  /** SHA-256 of the binding cookie of the browser that started it (browser-binding.ts) */
  browserHash: string;
  createdAt: Date;
}

/** The provider's facts about an identity that waits for an account or for a link's confirmation. */
export interface WaitingIdentity {
  stateHash: string;
  provider: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  roles: string[];
  relayStateUrl: string;
  linkUserId: number | null;
  linkAttempts: number;
}

export interface IdentityClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  roles: string[];
}

export interface LinkedIdentityRow {
  identityId: number;
  userId: number;
  provider: string;
  subject: string;
  email: string;
  roles: string[];
  linkedAt: string;
}

export interface CompanyIdpRow {
  workSiteId: number;
  slug: string;
  companyName: string;
  subscriptionCode: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  rolesAttribute: string;
}

/**
 * SQL of the identity module (decision 054). A sign-in in flight is taken once (guarded UPDATE of an unused,
 * unexpired row), so a state, a SAML request id or a waiting identity's ticket works one time, whichever API
 * process receives it. A SAML assertion id is accepted once (primary key).
 */
export class IdentityRepository {
  constructor(private readonly db: Db) {}

  async insertLogin(row: {
    stateHash: string;
    provider: string;
    protocol: 'oidc' | 'saml';
    nonce?: string;
    codeVerifier?: string;
    relayStateUrl: string;
    popup: boolean;
    browserHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO federated_logins
            (state_hash, provider, protocol, nonce, code_verifier, relay_state_url, popup, browser_hash, expires_at)
          VALUES (${row.stateHash}, ${row.provider}, ${row.protocol}, ${row.nonce ?? ''}, ${row.codeVerifier ?? ''},
            ${row.relayStateUrl}, ${row.popup}, ${row.browserHash}, ${row.expiresAt.toISOString()})`,
    );
  }

  /** Reads a sign-in still in flight (not used, not expired) without taking it. */
  async peekLogin(stateHash: string, provider: string, now: Date): Promise<PendingLogin | null> {
    const [row] = await queryRows<PendingLogin>(
      this.db,
      sql`SELECT state_hash AS "stateHash", provider, protocol, nonce, code_verifier AS "codeVerifier",
            relay_state_url AS "relayStateUrl", popup, browser_hash AS "browserHash", created_at AS "createdAt"
          FROM federated_logins
          WHERE state_hash = ${stateHash} AND provider = ${provider} AND used_at IS NULL
            AND expires_at > ${now.toISOString()}`,
    );
    return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
  }

  /**
   * Takes a sign-in in flight started by the browser of `browserHash`: the first caller gets it, every later
   * one null (a replayed state); another browser's call takes nothing.
   */
  async takeLogin(
    stateHash: string,
    provider: string,
    now: Date,
    browserHash: string,
  ): Promise<PendingLogin | null> {
    const [row] = await queryRows<PendingLogin>(
      this.db,
      sql`UPDATE federated_logins SET used_at = ${now.toISOString()}
          WHERE state_hash = ${stateHash} AND provider = ${provider} AND used_at IS NULL
            AND expires_at > ${now.toISOString()} AND browser_hash <> '' AND browser_hash = ${browserHash}
          RETURNING state_hash AS "stateHash", provider, protocol, nonce, code_verifier AS "codeVerifier",
            relay_state_url AS "relayStateUrl", popup, browser_hash AS "browserHash", created_at AS "createdAt"`,
    );
    return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
  }

  /** After the answer: the identity's facts wait under a ticket (its SHA-256) for an account or a link. */
  async parkIdentity(
    stateHash: string,
    ticketHash: string,
    claims: IdentityClaims,
    linkUserId: number | null,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.execute(
      sql`UPDATE federated_logins SET ticket_hash = ${ticketHash}, claims_subject = ${claims.subject},
            claims_email = ${claims.email}, claims_email_verified = ${claims.emailVerified},
            claims_first_name = ${claims.firstName}, claims_last_name = ${claims.lastName},
            claims_roles = ${sql`ARRAY[${sql.join(
              claims.roles.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`},
            link_user_id = ${linkUserId}, expires_at = ${expiresAt.toISOString()}
          WHERE state_hash = ${stateHash}`,
    );
  }

  async waitingIdentity(ticketHash: string, now: Date): Promise<WaitingIdentity | null> {
    const [row] = await queryRows<WaitingIdentity>(
      this.db,
      sql`SELECT state_hash AS "stateHash", provider, claims_subject AS subject, claims_email AS email,
            claims_email_verified AS "emailVerified", claims_first_name AS "firstName",
            claims_last_name AS "lastName", claims_roles AS roles, relay_state_url AS "relayStateUrl",
            link_user_id AS "linkUserId", link_attempts AS "linkAttempts"
          FROM federated_logins
          WHERE ticket_hash = ${ticketHash} AND ticket_used_at IS NULL AND expires_at > ${now.toISOString()}`,
    );
    return row ?? null;
  }

  /** One more wrong password for a link; answers the count. */
  async countLinkAttempt(stateHash: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`UPDATE federated_logins SET link_attempts = link_attempts + 1 WHERE state_hash = ${stateHash}
          RETURNING link_attempts AS n`,
    );
    return row?.n ?? Number.MAX_SAFE_INTEGER;
  }

  /** Spends a waiting identity's ticket: true for the first caller only. */
  async spendTicket(stateHash: string, now: Date): Promise<boolean> {
    const rows = await queryRows<{ s: string }>(
      this.db,
      sql`UPDATE federated_logins SET ticket_used_at = ${now.toISOString()}
          WHERE state_hash = ${stateHash} AND ticket_used_at IS NULL RETURNING state_hash AS s`,
    );
    return rows.length > 0;
  }

  async identityOf(provider: string, subject: string): Promise<LinkedIdentityRow | null> {
    const [row] = await queryRows<LinkedIdentityRow>(
      this.db,
      sql`SELECT identity_id AS "identityId", user_id AS "userId", provider, subject, email, roles,
            ${wireTimestamp('linked_at', 'milliseconds')} AS "linkedAt"
          FROM federated_identities WHERE provider = ${provider} AND subject = ${subject}`,
    );
    return row ?? null;
  }

  async identitiesOf(userId: number): Promise<LinkedIdentityRow[]> {
    return queryRows<LinkedIdentityRow>(
      this.db,
      sql`SELECT identity_id AS "identityId", user_id AS "userId", provider, subject, email, roles,
            ${wireTimestamp('linked_at', 'milliseconds')} AS "linkedAt"
          FROM federated_identities WHERE user_id = ${userId} ORDER BY linked_at, identity_id`,
    );
  }

  /** Links an identity; false when the identity or the account's link to this provider exists already. */
  async link(userId: number, provider: string, claims: IdentityClaims, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`INSERT INTO federated_identities (user_id, provider, subject, email, roles, linked_at, last_used_at)
          VALUES (${userId}, ${provider}, ${claims.subject}, ${claims.email},
            ${sql`ARRAY[${sql.join(
              claims.roles.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`}, ${now.toISOString()}, ${now.toISOString()})
          ON CONFLICT DO NOTHING RETURNING identity_id AS id`,
    );
    return rows.length > 0;
  }

  async touch(identityId: number, email: string, roles: string[], now: Date): Promise<void> {
    await this.db.execute(
      sql`UPDATE federated_identities SET last_used_at = ${now.toISOString()}, email = ${email},
            roles = ${sql`ARRAY[${sql.join(
              roles.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`}
          WHERE identity_id = ${identityId}`,
    );
  }

  /**
   * Removes the account's link to a social provider unless it is the account's last way to sign in: with no
   * password, another linked identity must remain. One statement, so two unlinks at once cannot both pass.
   */
  async unlink(userId: number, provider: string, hasPassword: boolean): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`DELETE FROM federated_identities f
          WHERE f.user_id = ${userId} AND f.provider = ${provider}
            AND (${hasPassword} OR EXISTS (
              SELECT 1 FROM federated_identities o WHERE o.user_id = f.user_id AND o.identity_id <> f.identity_id))
          RETURNING f.identity_id AS id`,
    );
    return rows.length > 0;
  }

  /** The partner companies that sign their employees in with their own identity provider. */
  async companies(): Promise<CompanyIdpRow[]> {
    return queryRows<CompanyIdpRow>(
      this.db,
      sql`SELECT c.work_site_id AS "workSiteId", c.slug, w.company_name AS "companyName",
            w.subscription_code AS "subscriptionCode", c.entity_id AS "entityId", c.sso_url AS "ssoUrl",
            c.certificate, c.roles_attribute AS "rolesAttribute"
          FROM company_identity_providers c JOIN work_sites w ON w.work_site_id = c.work_site_id
          WHERE c.active AND w.active ORDER BY w.company_name`,
    );
  }

  /** Remembers an accepted assertion until it expires: false when it was accepted before (a replay). */
  async rememberAssertion(assertionId: string, issuer: string, expiresAt: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`INSERT INTO saml_seen_assertions (assertion_id, issuer, expires_at)
          VALUES (${assertionId}, ${issuer}, ${expiresAt.toISOString()})
          ON CONFLICT DO NOTHING RETURNING assertion_id AS id`,
    );
    return rows.length > 0;
  }

  /** The clean-up job: ended sign-ins and assertions past their expiry. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.execute(sql`DELETE FROM federated_logins WHERE expires_at < ${now.toISOString()}`);
    await this.db.execute(sql`DELETE FROM saml_seen_assertions WHERE expires_at < ${now.toISOString()}`);
  }
}
