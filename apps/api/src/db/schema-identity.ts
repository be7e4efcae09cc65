import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-account';
import { workSites } from './schema-delivery';

/**
 * Signing in with another party's word (decision 054): social accounts (OpenID Connect) and partner
 * companies' identity providers (SAML 2.0). Owned by the identity module. Nothing here lives in one
 * process's memory: a sign-in started by one API process may end on another.
 */

/**
 * A customer's account at a social provider or a company's identity provider, linked to a shop account.
 * `provider` is 'google', 'facebook' or 'saml:<company slug>'; `subject` the provider's stable id for the
 * person (OIDC `sub`, SAML NameID).
 */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    identityId: serial('identity_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** the e-mail the provider gave at the last sign-in (shown in the profile) */
    email: text('email').notNull().default(''),
    /** a company's roles for the person (SAML attribute), empty for social accounts */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('federated_identities_subject_uq').on(t.provider, t.subject),
    uniqueIndex('federated_identities_user_provider_uq').on(t.userId, t.provider),
  ],
);

/**
 * One sign-in in flight, keyed by the SHA-256 of its state (OIDC) or request id (SAML). Holds what the
 * answer is checked against: the nonce and PKCE verifier (OIDC), where to go back to. `usedAt` set once: a
 * second answer with the same state or request id is refused. Then, when the identity is new to the shop,
 * the same row carries the provider's verified facts (`claims*`) to the registration or to the link
 * confirmation, found by the SHA-256 of a ticket held in an HttpOnly cookie.
 */
export const federatedLogins = pgTable(
  'federated_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    /** 'oidc' | 'saml' */
    protocol: text('protocol').notNull(),
    nonce: text('nonce').notNull().default(''),
    codeVerifier: text('code_verifier').notNull().default(''),
    /** a path of the shop (checked when the sign-in starts) */
    relayStateUrl: text('relay_state_url').notNull().default('/dashboard'),
    /** the popup (web) or a full-page redirect */
    popup: boolean('popup').notNull().default(false),
    /** SHA-256 of the binding cookie of the browser that started the sign-in: only it may finish it */
    browserHash: text('browser_hash').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** after the answer: the ticket (SHA-256) of the identity that still needs an account or a link */
    ticketHash: text('ticket_hash'),
    claimsSubject: text('claims_subject'),
    claimsEmail: text('claims_email'),
    claimsEmailVerified: boolean('claims_email_verified'),
    claimsFirstName: text('claims_first_name'),
    claimsLastName: text('claims_last_name'),
    claimsRoles: text('claims_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** the account whose password must confirm the link (its e-mail matched) */
    linkUserId: integer('link_user_id').references(() => users.userId, { onDelete: 'cascade' }),
    linkAttempts: integer('link_attempts').notNull().default(0),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('federated_logins_ticket_uq').on(t.ticketHash),
    index('federated_logins_expires_idx').on(t.expiresAt),
  ],
);

/** A company's SAML identity provider (a shop-at-work company, decision 042). */
export const companyIdentityProviders = pgTable(
  'company_identity_providers',
  {
    workSiteId: integer('work_site_id')
      .primaryKey()
      .references(() => workSites.workSiteId),
    /** the company in URLs: /ebsn/api/saml/do-login?company=<slug> */
    slug: text('slug').notNull(),
    /** the IdP's entity id: the assertions' Issuer */
    entityId: text('entity_id').notNull(),
    ssoUrl: text('sso_url').notNull(),
    /** the IdP's signing certificate or public key (PEM) */
    certificate: text('certificate').notNull(),
    /** the SAML attribute that carries the person's roles at the company */
    rolesAttribute: text('roles_attribute').notNull().default('roles'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('company_identity_providers_slug_uq').on(t.slug)],
);

/** SAML assertions already accepted, remembered until they expire: a replayed assertion is refused. */
export const samlSeenAssertions = pgTable(
  'saml_seen_assertions',
  {
    assertionId: text('assertion_id').primaryKey(),
    issuer: text('issuer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saml_seen_assertions_expires_idx').on(t.expiresAt)],
);

/**
 * The demo OpenID providers' state (development only, decisions 054 and 090): their sessions, interactions,
 * grants and codes (oidc-provider's adapter models, `<provider>:<model>`), so that a sign-in started at one API
 * process's demo provider ends at another's. Rows live until `expires_at`.
 */
export const demoIdpRecords = pgTable(
  'demo_idp_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('demo_idp_records_uid_idx').on(t.uid),
    index('demo_idp_records_grant_idx').on(t.grantId),
  ],
);
