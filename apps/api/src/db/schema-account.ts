import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts: users, server-side sessions, one-use tokens sent by e-mail, the mail outbox,
 * loyalty cards, invoice data (person fiscal) and registration disclaimers. Secrets are stored hashed:
 * passwords with argon2id, session and mail tokens as SHA-256 of a random 256-bit value.
 */

export const loyaltyCards = pgTable('loyalty_cards', {
  /** 13-digit EAN printed on the card */
  cardNumber: text('card_number').primaryKey(),
  /** fidelity | premium */
  cardType: text('card_type').notNull(),
  /** the holder's surname as the chain knows it: linking a card at registration must match it */
  holderLastName: text('holder_last_name').notNull(),
  /** the last day the card is valid (null: no expiry); an expired card earns no card prices */
  validTo: date('valid_to'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    /** what the customer types to sign in besides the card number: the e-mail, or a chosen user name */
    login: text('login').notNull(),
    email: text('email').notNull(),
    /** argon2id; null once the account is anonymised (no login possible) */
    passwordHash: text('password_hash'),
    userTypeId: smallint('user_type_id').notNull().default(2),
    profileConfirmed: boolean('profile_confirmed').notNull().default(false),
    betaTester: boolean('beta_tester').notNull().default(false),
    companyId: integer('company_id'),
    profileLevel: smallint('profile_level').notNull().default(1),
    legalIds: integer('legal_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    crmSegmentIds: integer('crm_segment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    cardNumber: text('card_number').references(() => loyaltyCards.cardNumber),
    defaultStoreAddressId: integer('default_store_address_id'),
    defaultDeliveryAddressId: integer('default_delivery_address_id'),
    // person
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    fiscalCode: text('fiscal_code').notNull().default(''),
    birthDate: date('birth_date'),
    birthCountry: text('birth_country').notNull().default(''),
    birthPlace: text('birth_place').notNull().default(''),
    gender: text('gender'),
    italianCitizen: boolean('italian_citizen').notNull().default(true),
    homePhone: text('home_phone').notNull().default(''),
    mobilePhone: text('mobile_phone').notNull().default(''),
    // domicile
    address1: text('address1').notNull().default(''),
    addressNumber: text('address_number').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    province: text('province').notNull().default(''),
    countryId: integer('country_id').notNull().default(1),
    // contact channels and consents
    contactEmail: boolean('contact_email').notNull().default(true),
    contactSms: boolean('contact_sms').notNull().default(false),
    contactPush: boolean('contact_push').notNull().default(false),
    contactWhatsapp: boolean('contact_whatsapp').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    profilingConsent: boolean('profiling_consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** bumped at every password change: sessions created before it are dead */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_uq').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_card_uq').on(t.cardNumber),
  ],
);

export const personInfos = pgTable(
  'person_infos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    personInfoTypeId: smallint('person_info_type_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('person_infos_pk').on(t.userId, t.personInfoTypeId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the token the client holds; the token itself is never stored */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    /**
     * An operator's session (decision 053): the staff member who signed in to the shop. `userId` is whom the
     * session acts as: the operator themselves until they select a customer, then that customer.
     */
    operatorUserId: integer('operator_user_id').references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-use secrets sent by e-mail: registration confirmation, password reset, PIN, e-mail change, deletion. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenId: serial('token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** registration | password_reset | mfa_pin | email_change | anonymize */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** e.g. the new e-mail address of an e-mail change */
    payload: jsonb('payload'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('user_tokens_hash_idx').on(t.tokenHash),
  ],
);

/** Every mail the shop sends. Without SMTP_URL this is where they stay (the development mailbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    mailId: serial('mail_id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** outbox | smtp */
    transport: text('transport').notNull(),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`, t.mailId)],
);

/**
 * The files a mail carries (the forms' attachments, decision 051): kept on disk by the module that sent the
 * mail, named here so that SMTP sends them and the development mailbox lists them.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    attachmentId: serial('attachment_id').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.mailId, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** the file's key in the shop's file store (decision 090; the column kept its first name) */
    fileKey: text('file_path').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId)],
);

/** Invoice data (spec: private / company / public administration). */
export const personFiscals = pgTable(
  'person_fiscals',
  {
    personFiscalId: serial('person_fiscal_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    personTypeId: smallint('person_type_id').notNull(),
    companyName: text('company_name').notNull().default(''),
    fiscalCode: text('fiscal_code').notNull().default(''),
    vatCode: text('vat_code').notNull().default(''),
    pec: text('pec').notNull().default(''),
    sdiCode: text('sdi_code').notNull().default(''),
    ipaCode: text('ipa_code').notNull().default(''),
    cig: text('cig').notNull().default(''),
    determinationNumber: text('determination_number').notNull().default(''),
    determinationDate: text('determination_date').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    address1: text('address1').notNull(),
    addressNumber: text('address_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    /** the default one fills the invoice request at checkout */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('person_fiscals_user_idx').on(t.userId)],
);

export const registrationDisclaimers = pgTable('registration_disclaimers', {
  registrationDisclaimerId: integer('registration_disclaimer_id').primaryKey(),
  registrationModuleTypeId: smallint('registration_module_type_id').notNull(),
  storeId: integer('store_id').notNull(),
  code: text('code').notNull(),
  title: text('title').notNull(),
  descr: text('descr').notNull(),
  required: boolean('required').notNull(),
  priority: smallint('priority').notNull(),
});

export const userDisclaimers = pgTable(
  'user_disclaimers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    registrationDisclaimerId: integer('registration_disclaimer_id')
      .notNull()
      .references(() => registrationDisclaimers.registrationDisclaimerId),
    value: boolean('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_disclaimers_pk').on(t.userId, t.registrationDisclaimerId)],
);
