import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SessionCompanion, SessionUser } from '../../plugins/session';
import { queryRows } from '../../db/rows';
import {
  loyaltyCards,
  personFiscals,
  personInfos,
  registrationDisclaimers,
  sessions,
  userDisclaimers,
  users,
  userTokens,
} from '../../db/schema';

/** SQL of the account domain. No rules here: the services decide, this reads and writes. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type PersonFiscalRow = typeof personFiscals.$inferSelect;
export type TokenPurpose = 'registration' | 'password_reset' | 'mfa_pin' | 'email_change' | 'anonymize';

/** The user's columns read with the session (SessionUser): only those a request's session is asked for. */
const SESSION_USER_COLUMNS = {
  userId: users.userId,
  login: users.login,
  profileConfirmed: users.profileConfirmed,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userTypeId: users.userTypeId,
  legalIds: users.legalIds,
  betaTester: users.betaTester,
  cardNumber: users.cardNumber,
  crmSegmentIds: users.crmSegmentIds,
  companyId: users.companyId,
  mobilePhone: users.mobilePhone,
  homePhone: users.homePhone,
  italianCitizen: users.italianCitizen,
  fiscalCode: users.fiscalCode,
} satisfies { [K in keyof SessionUser]: (typeof users)[K] };

/**
 * The live-session lookup of AccountRepository.findLiveSession, built once (per companion) and prepared by
 * name. It answers the session's and the user's columns a request uses (SessionUser), not the whole rows: the
 * checks that need the others (revoked, idle and absolute expiry, anonymised, password changed) are made in
 * its WHERE.
 */
function liveSessionQuery(companion: SessionCompanion | undefined, db: Db) {
  return db
    .select({
      operatorUserId: sessions.operatorUserId,
      lastSeenAt: sessions.lastSeenAt,
      rememberMe: sessions.rememberMe,
      user: SESSION_USER_COLUMNS,
      cardType: loyaltyCards.cardType,
      cardValidTo: loyaltyCards.validTo,
      companion: companion ? companion.column(sql`${users.userId}`) : sql<null>`NULL`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .leftJoin(loyaltyCards, eq(loyaltyCards.cardNumber, users.cardNumber))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
        isNull(users.anonymizedAt),
        // a password change ends the sessions opened before it (an operator's session acting for the customer
        // is the operator's: it goes on)
        sql`(${sessions.operatorUserId} IS NOT NULL OR ${sessions.createdAt} >= ${users.passwordChangedAt})`,
      ),
    )
    .limit(1)
    .prepare(companion ? `account_live_session_${companion.name}` : 'account_live_session');
}

/** What findLiveSession answers: the session's columns a request uses, its user's (SessionUser), the card. */
export type LiveSessionRow = Awaited<ReturnType<ReturnType<typeof liveSessionQuery>['execute']>>[number];

/** A live (not anonymised) user by id, asked by most signed-in requests: built once, prepared. */
function userByIdQuery(db: Db) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.userId, sql.placeholder('userId')), isNull(users.anonymizedAt)))
    .limit(1)
    .prepare('account_user_by_id');
}

export class AccountRepository {
  #liveSession: ReturnType<typeof liveSessionQuery> | undefined;
  /** the live-session lookup with each route's companion column, by the companion's name */
  readonly #liveSessionWith = new Map<string, ReturnType<typeof liveSessionQuery>>();
  #userById: ReturnType<typeof userByIdQuery> | undefined;

  constructor(private readonly db: Db) {}

  // ---------- users ----------
  /** By e-mail, login name or loyalty-card number (case-insensitive); anonymised accounts never match. */
  async findUserByLogin(login: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        and(
          isNull(users.anonymizedAt),
          or(
            sql`lower(${users.login}) = lower(${login})`,
            sql`lower(${users.email}) = lower(${login})`,
            eq(users.cardNumber, login),
          ),
        ),
      )
      .orderBy(asc(users.userId))
      .limit(1);
    return row ?? null;
  }

  async findUserById(userId: number): Promise<UserRow | null> {
    this.#userById ??= userByIdQuery(this.db);
    const [row] = await this.#userById.execute({ userId });
    return row ?? null;
  }

  /** Is this e-mail or login taken by another (not anonymised) account? */
  async isLoginTaken(value: string, exceptUserId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.userId })
      .from(users)
      .where(
        and(
          or(sql`lower(${users.login}) = lower(${value})`, sql`lower(${users.email}) = lower(${value})`),
          exceptUserId !== undefined ? ne(users.userId, exceptUserId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Inserts the user; null when the login, e-mail or card is already taken (unique indexes decide). */
  async insertUser(values: NewUser): Promise<UserRow | null> {
    const rows = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return rows[0] ?? null;
  }

  /**
   * What prices a customer is entitled to (decision 032): a loyalty card valid on `today` (YYYY-MM-DD) and
   * the CRM segments. An unknown user has neither.
   */
  async pricingFacts(userId: number, today: string): Promise<{ card: boolean; segments: number[] }> {
    const rows = await queryRows<{ card: boolean; segments: number[] }>(
      this.db,
      sql`SELECT (lc.card_number IS NOT NULL AND (lc.valid_to IS NULL OR lc.valid_to >= ${today}::date)) AS card,
            u.crm_segment_ids AS segments
          FROM users u LEFT JOIN loyalty_cards lc ON lc.card_number = u.card_number
          WHERE u.user_id = ${userId}`,
    );
    return rows[0] ?? { card: false, segments: [] };
  }

  /** The profile level and CRM segments that gate advantages (null: no such customer). */
  async loyaltyFacts(userId: number): Promise<{ level: number; segments: number[] } | null> {
    const [row] = await queryRows<{ level: number; segments: number[] }>(
      this.db,
      sql`SELECT profile_level::int AS level, crm_segment_ids AS segments FROM users WHERE user_id = ${userId}`,
    );
    return row ?? null;
  }

  /**
   * What tells one person's accounts apart (the invite programme, decision 045): e-mail, loyalty card number
   * and fiscal code (empty: not given) of each of `userIds`, with the first name its e-mails greet.
   */
  async identityFacts(
    userIds: readonly number[],
  ): Promise<
    Array<{ userId: number; email: string; firstName: string; cardNumber: string | null; fiscalCode: string }>
  > {
    if (userIds.length === 0) return [];
    return queryRows(
      this.db,
      sql`SELECT user_id AS "userId", email, first_name AS "firstName", card_number AS "cardNumber",
            fiscal_code AS "fiscalCode"
          FROM users WHERE user_id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  /** The profile level recomputed by the loyalty module's promotion variables. */
  async setProfileLevel(userId: number, level: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE users SET profile_level = ${level}, updated_at = now()
          WHERE user_id = ${userId} AND profile_level <> ${level}`,
    );
  }

  async updateUser(userId: number, values: Partial<NewUser>): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(users.userId, userId), isNull(users.anonymizedAt)))
      .returning();
    return row ?? null;
  }

  async personInfosOf(userId: number): Promise<Array<{ personInfoTypeId: number; value: string }>> {
    return this.db
      .select({ personInfoTypeId: personInfos.personInfoTypeId, value: personInfos.value })
      .from(personInfos)
      .where(eq(personInfos.userId, userId))
      .orderBy(asc(personInfos.personInfoTypeId));
  }

  async upsertPersonInfo(userId: number, personInfoTypeId: number, value: string): Promise<void> {
    await this.db
      .insert(personInfos)
      .values({ userId, personInfoTypeId, value })
      .onConflictDoUpdate({ target: [personInfos.userId, personInfos.personInfoTypeId], set: { value } });
  }

  // ---------- loyalty cards ----------
  async findCard(cardNumber: string) {
    const [row] = await this.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.cardNumber, cardNumber))
      .limit(1);
    return row ?? null;
  }

  async cardTypeOf(cardNumber: string | null): Promise<string | null> {
    if (!cardNumber) return null;
    return (await this.findCard(cardNumber))?.cardType ?? null;
  }

  /** The account holding a card (null: none), read in the caller's transaction. */
  async holderOfCard(cardNumber: string, db: Db = this.db): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`SELECT user_id AS id FROM users WHERE card_number = ${cardNumber} LIMIT 1`,
    );
    return row?.id ?? null;
  }

  async isCardLinked(cardNumber: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.userId })
      .from(users)
      .where(eq(users.cardNumber, cardNumber))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Links a card to a customer who has none (decision 038). False when the customer has a card already or is
   * anonymised, or the card is another account's; the unique index on users.card_number holds the same.
   */
  async linkCard(userId: number, cardNumber: string, db: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE users SET card_number = ${cardNumber}, updated_at = now()
          WHERE user_id = ${userId} AND card_number IS NULL AND anonymized_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM users o WHERE o.card_number = ${cardNumber})
          RETURNING user_id AS id`,
    );
    return rows.length > 0;
  }

  /** Issues a card (a row of loyalty_cards); an existing number is left as it is. */
  async issueCard(
    card: { cardNumber: string; cardType: 'fidelity' | 'premium'; holderLastName: string },
    db: Db,
  ): Promise<void> {
    await db
      .insert(loyaltyCards)
      .values({ cardNumber: card.cardNumber, cardType: card.cardType, holderLastName: card.holderLastName })
      .onConflictDoNothing();
  }

  /**
   * Moves a customer from card `from` to card `to` (a premium card replacing their fidelity card); `from`
   * stays valid until `lastDay` (YYYY-MM-DD), so it can no longer be linked nor earn card prices after it.
   * False when the customer's card is not `from` (nothing changed).
   */
  async replaceCard(userId: number, from: string, to: string, lastDay: string, db: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE users SET card_number = ${to}, updated_at = now()
          WHERE user_id = ${userId} AND card_number = ${from} AND anonymized_at IS NULL
          RETURNING user_id AS id`,
    );
    if (rows.length === 0) return false;
    await db
      .update(loyaltyCards)
      .set({ validTo: sql`LEAST(COALESCE(${loyaltyCards.validTo}, ${lastDay}::date), ${lastDay}::date)` })
      .where(eq(loyaltyCards.cardNumber, from));
    return true;
  }

  // ---------- sessions ----------
  async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(values);
  }

  /**
   * The live session of this token hash with its user and card, or null (unknown, expired, revoked, stale);
   * `companion`: with the column another module asks for, keyed by the session's user (SessionCompanion), in
   * the same statement. Every signed-in request asks it: the statement is built once per repository (and
   * companion) and prepared (named) on each connection.
   */
  async findLiveSession(
    tokenHash: string,
    now: Date,
    companion?: SessionCompanion,
  ): Promise<LiveSessionRow | null> {
    let query: ReturnType<typeof liveSessionQuery>;
    if (companion) {
      query = this.#liveSessionWith.get(companion.name) ?? liveSessionQuery(companion, this.db);
      this.#liveSessionWith.set(companion.name, query);
    } else query = this.#liveSession ??= liveSessionQuery(undefined, this.db);
    // placeholders skip the column's encoder: the timestamp goes as the ISO text drizzle would send
    const [row] = await query.execute({ ...companion?.values, tokenHash, now: now.toISOString() });
    return row ?? null;
  }

  async touchSession(tokenHash: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt, idleExpiresAt: sql`least(${idleExpiresAt}, ${sessions.absoluteExpiresAt})` })
      .where(eq(sessions.tokenHash, tokenHash));
  }

  async revokeSession(tokenHash: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /**
   * Whom a live operator's session acts as: `userId`, or the operator again when null. False when the token
   * is no live operator's session.
   */
  async setOperatorSessionUser(tokenHash: string, userId: number | null): Promise<boolean> {
    const done = await this.db
      .update(sessions)
      .set({ userId: userId ?? sql`${sessions.operatorUserId}` })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNotNull(sessions.operatorUserId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return done.length > 0;
  }

  /** Ends every session of the user, except `keepTokenHash` when given. */
  async revokeUserSessions(userId: number, keepTokenHash?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
        ),
      );
  }

  // ---------- one-use tokens ----------
  /** Stores a new token of this purpose; earlier unused ones of the same purpose stop working. */
  async replaceToken(values: {
    userId: number;
    purpose: TokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    payload?: unknown;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userTokens.userId, values.userId),
            eq(userTokens.purpose, values.purpose),
            isNull(userTokens.usedAt),
          ),
        );
      await tx.insert(userTokens).values({ ...values, payload: values.payload ?? null });
    });
  }

  /** The newest unused, unexpired token of this purpose for the user. */
  async findActiveToken(userId: number, purpose: TokenPurpose, now: Date) {
    const [row] = await this.db
      .select()
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .orderBy(sql`${userTokens.tokenId} desc`)
      .limit(1);
    return row ?? null;
  }

  /** An unused, unexpired token by its hash (links that carry no user). */
  async findActiveTokenByHash(tokenHash: string, purpose: TokenPurpose, now: Date) {
    const [row] = await this.db
      .select()
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Was this token (by hash) issued to the user for this purpose and already used? */
  async hasUsedToken(userId: number, purpose: TokenPurpose, tokenHash: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: userTokens.tokenId })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.purpose, purpose),
          eq(userTokens.tokenHash, tokenHash),
          isNotNull(userTokens.usedAt),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Marks the token used; false when it was already used (two concurrent requests: one wins). */
  async consumeToken(tokenId: number): Promise<boolean> {
    const rows = await this.db
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userTokens.tokenId, tokenId), isNull(userTokens.usedAt)))
      .returning({ tokenId: userTokens.tokenId });
    return rows.length > 0;
  }

  /** Counts a wrong attempt; returns the new count. */
  async countTokenAttempt(tokenId: number): Promise<number> {
    const [row] = await this.db
      .update(userTokens)
      .set({ attempts: sql`${userTokens.attempts} + 1` })
      .where(eq(userTokens.tokenId, tokenId))
      .returning({ attempts: userTokens.attempts });
    return row?.attempts ?? 0;
  }

  // ---------- invoice data ----------
  async listPersonFiscals(userId: number): Promise<PersonFiscalRow[]> {
    return this.db
      .select()
      .from(personFiscals)
      .where(eq(personFiscals.userId, userId))
      .orderBy(asc(personFiscals.personFiscalId));
  }

  async insertPersonFiscal(values: typeof personFiscals.$inferInsert): Promise<PersonFiscalRow> {
    const [row] = await this.db.insert(personFiscals).values(values).returning();
    if (!row) throw new Error('insertPersonFiscal: no row returned');
    return row;
  }

  async countPersonFiscals(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(personFiscals)
      .where(eq(personFiscals.userId, userId));
    return row?.n ?? 0;
  }

  /** Deletes only the user's own row; false when there is none with that id for this user. */
  async deletePersonFiscal(userId: number, personFiscalId: number): Promise<boolean> {
    const rows = await this.db
      .delete(personFiscals)
      .where(and(eq(personFiscals.userId, userId), eq(personFiscals.personFiscalId, personFiscalId)))
      .returning({ id: personFiscals.personFiscalId });
    return rows.length > 0;
  }

  async deleteAllPersonFiscals(userId: number): Promise<void> {
    await this.db.delete(personFiscals).where(eq(personFiscals.userId, userId));
  }

  // ---------- disclaimers ----------
  async listDisclaimers(moduleTypeId: number, storeId: number) {
    return this.db
      .select()
      .from(registrationDisclaimers)
      .where(
        and(
          eq(registrationDisclaimers.registrationModuleTypeId, moduleTypeId),
          eq(registrationDisclaimers.storeId, storeId),
        ),
      )
      .orderBy(asc(registrationDisclaimers.priority));
  }

  /** The disclaimers of a module type (any store) with the user's answers. */
  async listUserDisclaimers(userId: number, moduleTypeId: number) {
    return this.db
      .select({
        disclaimer: registrationDisclaimers,
        value: userDisclaimers.value,
      })
      .from(registrationDisclaimers)
      .leftJoin(
        userDisclaimers,
        and(
          eq(userDisclaimers.registrationDisclaimerId, registrationDisclaimers.registrationDisclaimerId),
          eq(userDisclaimers.userId, userId),
        ),
      )
      .where(eq(registrationDisclaimers.registrationModuleTypeId, moduleTypeId))
      .orderBy(asc(registrationDisclaimers.priority));
  }

  async saveUserDisclaimers(
    userId: number,
    answers: ReadonlyArray<{ registrationDisclaimerId: number; value: boolean }>,
  ): Promise<void> {
    if (answers.length === 0) return;
    await this.db
      .insert(userDisclaimers)
      .values(answers.map((a) => ({ userId, ...a })))
      .onConflictDoUpdate({
        target: [userDisclaimers.userId, userDisclaimers.registrationDisclaimerId],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }

  /** Everything personal goes; the row stays (orders keep their customer id) with placeholders. */
  async anonymizeUser(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const placeholder = `anonimo-${userId}@anonimo.invalid`;
      await tx
        .update(users)
        .set({
          login: placeholder,
          email: placeholder,
          passwordHash: null,
          cardNumber: null,
          mfaEnabled: false,
          firstName: '',
          lastName: '',
          fiscalCode: '',
          birthDate: null,
          birthCountry: '',
          birthPlace: '',
          gender: null,
          homePhone: '',
          mobilePhone: '',
          address1: '',
          addressNumber: '',
          postalCode: '',
          city: '',
          province: '',
          contactEmail: false,
          contactSms: false,
          contactPush: false,
          contactWhatsapp: false,
          marketingConsent: false,
          profilingConsent: false,
          anonymizedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.userId, userId));
      await tx.delete(personInfos).where(eq(personInfos.userId, userId));
      await tx.delete(personFiscals).where(eq(personFiscals.userId, userId));
      await tx.delete(userDisclaimers).where(eq(userDisclaimers.userId, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.userId, userId));
      await tx
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(eq(userTokens.userId, userId));
    });
  }
}
