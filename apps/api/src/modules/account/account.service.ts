import {
  COUNTRIES,
  type PersonFiscal,
  type RegistrationDisclaimer,
  type UserDetail,
  type personalDataFormSchema,
  type domicileFormSchema,
  type personFiscalFormSchema,
  type registerUserBodySchema,
  type updateContactBodySchema,
} from '@spesa/shared/contracts/account';
import {
  fiscalCodeMismatches,
  fiscalCodeWithoutOmocodia,
  isFiscalCodeValid,
} from '@spesa/shared/account/fiscal-code';
import type { z } from 'zod';
import { failWith, fieldFail, ok, type Failure, type Result } from '../../lib/result';
import type { MailService } from '../mail/mail.service';
import { ACCOUNT_TEXT } from './account.messages';
import type { AccountRepository, PersonFiscalRow, UserRow } from './account.repository';
import { birthplaceCode } from './birthplace-code';
import { hashPassword, randomToken, sameDigest, sha256, verifyPassword } from './secrets';
import type { SessionService } from './session.service';
import { toUserDetail } from './user.mapper';

type PersonalData = z.output<typeof personalDataFormSchema>;
type DomicileData = z.output<typeof domicileFormSchema>;
type RegisterUser = z.output<typeof registerUserBodySchema>;
type ContactUpdate = z.output<typeof updateContactBodySchema>;
type PersonFiscalInput = z.output<typeof personFiscalFormSchema>;

const REGISTRATION_TOKEN_HOURS = 48;
const RESET_TOKEN_MINUTES = 60;
const EMAIL_CHANGE_HOURS = 24;
const ANONYMIZE_MINUTES = 30;
const TOKEN_MAX_ATTEMPTS = 5;
const PERSON_FISCAL_MAX = 10;
/** the consents the disclaimers with these codes also set on the user (contact preferences page) */
const CONSENT_CODES = { marketing: 'marketing', profiling: 'profiling' } as const;

/** Orders awaiting pickup block the account deletion (spec section 4). The orders module answers it. */
export interface PickupOrdersPort {
  hasOrdersAwaitingPickup(userId: number): Promise<boolean>;
}

/**
 * How many personal gift certificates the customer can use today (User.giftCertificatesReceived). The
 * loyalty module answers it (wired in app.ts) with one count.
 */
export interface GiftCountPort {
  usableCount(userId: number): Promise<number>;
}

export type ConfirmOutcome = 'ok' | 'already' | 'ko';

const normaliseName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The job that mails a password-reset link, and what it is given. */
export const PASSWORD_RESET_JOB = 'account.password-reset';
export interface PasswordResetRequest {
  e_mail?: string | undefined;
  login?: string | undefined;
  fiscal_code?: string | undefined;
}

/**
 * Registration, profile, password, e-mail change, password reset, multi-factor switch, invoice data,
 * privacy disclaimers and account deletion (spec section 7 "Account and registration"). Every secret
 * sent by e-mail is one-use, expires, and is stored hashed; answers never reveal whether an e-mail is
 * registered except where the customer must be told (registration: "already registered").
 */
export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly opts: {
      publicUrl: string;
      pickupOrders: PickupOrdersPort;
      gifts: GiftCountPort;
      /** other modules' personal data of a customer, erased when the account is deleted (addresses, cart) */
      erasers?: ReadonlyArray<(userId: number) => Promise<void>>;
      /** work done after the answer (the reset mail), so that answers take the same time for any address */
      later: (kind: typeof PASSWORD_RESET_JOB, payload: PasswordResetRequest) => Promise<void>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  private inFuture(ms: number): Date {
    return new Date(this.now().getTime() + ms);
  }

  async userDetail(userId: number): Promise<Result<{ user: UserDetail }>> {
    const user = await this.repo.findUserById(userId);
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    return ok({ user: await this.detailOf(user) });
  }

  private async detailOf(user: UserRow): Promise<UserDetail> {
    const [personInfos, cardType, gifts] = await Promise.all([
      this.repo.personInfosOf(user.userId),
      this.repo.cardTypeOf(user.cardNumber),
      this.opts.gifts.usableCount(user.userId),
    ]);
    return toUserDetail(user, personInfos, cardType, gifts);
  }

  // ---------- personal data rules the schema cannot check alone ----------
  /** Control character, agreement with name / birth date / sex, and with the birth place when known. */
  private checkFiscalCode(person: PersonalData, field = 'person.fiscalCode'): Failure | null {
    if (person.fiscalCode === '') return null;
    if (!isFiscalCodeValid(person.fiscalCode)) return fieldFail(field, ACCOUNT_TEXT.fiscalCodeInvalid);
    const mismatches = fiscalCodeMismatches(person.fiscalCode, person);
    if (mismatches.length > 0) return fieldFail(field, ACCOUNT_TEXT.fiscalCodeMismatch);
    const bornInItaly = /^(italia|italy|it)$/i.test(person.birthCountry.trim());
    const place = birthplaceCode(bornInItaly ? person.birthPlace : person.birthCountry);
    if (place && fiscalCodeWithoutOmocodia(person.fiscalCode).slice(11, 15) !== place)
      return fieldFail(field, ACCOUNT_TEXT.fiscalCodeMismatch);
    return null;
  }

  private personColumns(person: PersonalData) {
    return {
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      birthDate: person.birthDate,
      birthPlace: person.birthPlace,
      birthCountry: person.birthCountry,
      italianCitizen: person.italianCitizen,
      fiscalCode: person.fiscalCode,
      mobilePhone: person.mobilePhone,
      homePhone: person.homePhone,
    };
  }

  private domicileColumns(d: DomicileData) {
    return {
      address1: d.address1,
      addressNumber: d.addressNumber,
      postalCode: d.postalCode,
      city: d.city,
      province: d.province,
      countryId: COUNTRIES.some((c) => c.countryId === d.countryId) ? d.countryId : 1,
    };
  }

  // ---------- registration ----------
  /**
   * `verifiedEmail`: an address a social provider verified for the person registering (decision 054); when
   * it is the one registered, the account needs no confirmation mail.
   */
  async register(
    body: RegisterUser,
    verifiedEmail?: string,
  ): Promise<Result<{ userId: number; email: string; confirmationRequired: boolean }>> {
    const email = body.account.email.toLowerCase();
    const verified = verifiedEmail !== undefined && verifiedEmail.toLowerCase() === email;
    const cfFailure = this.checkFiscalCode(body.person);
    if (cfFailure) return cfFailure;

    const disclaimers = await this.repo.listDisclaimers(2, 5);
    const answers = new Map(body.account.disclaimers.map((d) => [d.registrationDisclaimerId, d.value]));
    for (const d of disclaimers)
      if (d.required && answers.get(d.registrationDisclaimerId) !== true)
        return fieldFail(
          `account.disclaimers.${d.registrationDisclaimerId}`,
          ACCOUNT_TEXT.disclaimerRequired,
        );

    let cardNumber: string | null = null;
    if (body.registrationType === 'card' && body.fidelityCard) {
      const card = await this.repo.findCard(body.fidelityCard);
      if (!card || normaliseName(card.holderLastName) !== normaliseName(body.person.lastName))
        return fieldFail('fidelityCard', ACCOUNT_TEXT.cardUnknown);
      if (await this.repo.isCardLinked(card.cardNumber))
        return fieldFail('fidelityCard', ACCOUNT_TEXT.cardLinked);
      cardNumber = card.cardNumber;
    }
    if (await this.repo.isLoginTaken(email)) return fieldFail('account.email', ACCOUNT_TEXT.emailTaken);

    const byCode = new Map(disclaimers.map((d) => [d.code, d.registrationDisclaimerId]));
    const consent = (code: string) => answers.get(byCode.get(code) ?? -1) === true;
    const user = await this.repo.insertUser({
      login: email,
      email,
      passwordHash: await hashPassword(body.account.password),
      cardNumber,
      ...this.personColumns(body.person),
      ...this.domicileColumns(body.domicile),
      marketingConsent: consent(CONSENT_CODES.marketing),
      profilingConsent: consent(CONSENT_CODES.profiling),
      profileConfirmed: verified,
    });
    // two registrations racing for one e-mail or card: the unique indexes let one through
    if (!user) return fieldFail('account.email', ACCOUNT_TEXT.emailTaken);
    await this.repo.saveUserDisclaimers(
      user.userId,
      disclaimers.map((d) => ({
        registrationDisclaimerId: d.registrationDisclaimerId,
        value: answers.get(d.registrationDisclaimerId) === true,
      })),
    );
    if (verified) return ok({ userId: user.userId, email, confirmationRequired: false });
    await this.sendRegistrationMail(user);
    return ok({ userId: user.userId, email, confirmationRequired: true }, [ACCOUNT_TEXT.registered.text]);
  }

  private async sendRegistrationMail(user: UserRow): Promise<void> {
    const token = randomToken();
    await this.repo.replaceToken({
      userId: user.userId,
      purpose: 'registration',
      tokenHash: sha256(token),
      expiresAt: this.inFuture(REGISTRATION_TOKEN_HOURS * 3_600_000),
    });
    const link = `${this.opts.publicUrl}/ebsn/api/registration/registration_confirm?e_mail=${encodeURIComponent(user.email)}&reg_control_code=${token}`;
    await this.mail.send(user.email, { template: 'registration-confirm', firstName: user.firstName, link });
  }

  async confirmRegistration(email: string, code: string): Promise<ConfirmOutcome> {
    const user = await this.repo.findUserByLogin(email);
    if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return 'ko';
    // "already" only for the right link followed again: a guessed code must not tell that the account exists
    if (user.profileConfirmed)
      return (await this.repo.hasUsedToken(user.userId, 'registration', sha256(code))) ? 'already' : 'ko';
    const token = await this.repo.findActiveToken(user.userId, 'registration', this.now());
    if (!token || !sameDigest(token.tokenHash, sha256(code))) return 'ko';
    if (!(await this.repo.consumeToken(token.tokenId))) return 'ko';
    await this.repo.updateUser(user.userId, { profileConfirmed: true });
    return 'ok';
  }

  /** Same answer whatever the address: only an unconfirmed account gets a new mail. */
  async resendConfirmation(email: string): Promise<Result<Record<string, never>>> {
    const user = await this.repo.findUserByLogin(email);
    if (user && !user.profileConfirmed && user.email.toLowerCase() === email.trim().toLowerCase())
      await this.sendRegistrationMail(user);
    return ok({}, [ACCOUNT_TEXT.resent.text]);
  }

  // ---------- profile ----------
  async updateUserDetail(
    userId: number,
    body: { person: PersonalData; domicile: DomicileData },
  ): Promise<Result<{ user: UserDetail }>> {
    const cfFailure = this.checkFiscalCode(body.person);
    if (cfFailure) return cfFailure;
    const user = await this.repo.updateUser(userId, {
      ...this.personColumns(body.person),
      ...this.domicileColumns(body.domicile),
    });
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    return ok({ user: await this.detailOf(user) }, [ACCOUNT_TEXT.profileSaved.text]);
  }

  async updatePersonInfo(
    userId: number,
    personInfoTypeId: number,
    value: string,
  ): Promise<Result<{ user: UserDetail }>> {
    await this.repo.upsertPersonInfo(userId, personInfoTypeId, value);
    return this.userDetail(userId);
  }

  async updateContact(userId: number, body: ContactUpdate): Promise<Result<{ user: UserDetail }>> {
    const user = await this.repo.updateUser(userId, {
      mobilePhone: body.mobilePhone,
      homePhone: body.homePhone,
      contactEmail: body.contactPreferences.email,
      contactSms: body.contactPreferences.sms,
      contactPush: body.contactPreferences.push,
      contactWhatsapp: body.contactPreferences.whatsapp,
      marketingConsent: body.consents.marketing,
      profilingConsent: body.consents.profiling,
    });
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    await this.syncConsentDisclaimers(user);
    return ok({ user: await this.detailOf(user) }, [ACCOUNT_TEXT.profileSaved.text]);
  }

  /** The marketing/profiling disclaimers follow the consents chosen on the contacts page. */
  private async syncConsentDisclaimers(user: UserRow): Promise<void> {
    const all = await this.repo.listUserDisclaimers(user.userId, 2);
    const answers = all
      .filter(
        (d) => d.disclaimer.code === CONSENT_CODES.marketing || d.disclaimer.code === CONSENT_CODES.profiling,
      )
      .map((d) => ({
        registrationDisclaimerId: d.disclaimer.registrationDisclaimerId,
        value: d.disclaimer.code === CONSENT_CODES.marketing ? user.marketingConsent : user.profilingConsent,
      }));
    await this.repo.saveUserDisclaimers(user.userId, answers);
  }

  /**
   * Changes the password: every other session ends (the password-change time kills sessions opened before
   * it) and the caller gets a fresh session token (rotation).
   */
  async updatePassword(
    userId: number,
    oldPassword: string,
    newPassword: string,
    meta: { userAgent: string; clientIp: string; rememberMe: boolean },
  ): Promise<Result<{ token: string }>> {
    const user = await this.repo.findUserById(userId);
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    if (!(await verifyPassword(user.passwordHash, oldPassword)))
      return fieldFail('old_password', ACCOUNT_TEXT.oldPasswordWrong);
    if (oldPassword === newPassword) return fieldFail('new_password', ACCOUNT_TEXT.passwordSame);
    await this.setPassword(user, newPassword);
    const token = await this.sessions.create(user.userId, meta.rememberMe, meta);
    return ok({ token }, [ACCOUNT_TEXT.passwordChanged.text]);
  }

  private async setPassword(user: UserRow, password: string): Promise<void> {
    // one millisecond back: a session created right after (the caller's new one) is surely newer
    const changedAt = new Date(this.now().getTime() - 1);
    await this.repo.updateUser(user.userId, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: changedAt,
    });
    await this.sessions.revokeAllOf(user.userId);
    await this.mail.send(user.email, { template: 'password-changed', firstName: user.firstName });
  }

  async requestEmailChange(userId: number, newEmail: string): Promise<Result<Record<string, never>>> {
    const user = await this.repo.findUserById(userId);
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    const email = newEmail.trim().toLowerCase();
    if (await this.repo.isLoginTaken(email, userId)) return fieldFail('new_email', ACCOUNT_TEXT.emailTaken);
    const token = randomToken();
    await this.repo.replaceToken({
      userId,
      purpose: 'email_change',
      tokenHash: sha256(token),
      expiresAt: this.inFuture(EMAIL_CHANGE_HOURS * 3_600_000),
      payload: { newEmail: email },
    });
    const link = `${this.opts.publicUrl}/profile/email-confirm?token=${token}`;
    await this.mail.send(email, {
      template: 'email-change',
      firstName: user.firstName,
      link,
      newEmail: email,
    });
    return ok({}, [ACCOUNT_TEXT.emailChangeSent.text]);
  }

  /** The link from the mail: works without a session (the token is the proof). */
  async confirmEmailChange(token: string): Promise<Result<{ email: string }>> {
    const row = await this.repo.findActiveTokenByHash(sha256(token), 'email_change', this.now());
    const newEmail = (row?.payload as { newEmail?: unknown } | null)?.newEmail;
    if (!row || typeof newEmail !== 'string') return failWith(ACCOUNT_TEXT.emailChangeInvalid);
    const user = await this.repo.findUserById(row.userId);
    if (!user) return failWith(ACCOUNT_TEXT.emailChangeInvalid);
    if (await this.repo.isLoginTaken(newEmail, user.userId)) return failWith(ACCOUNT_TEXT.emailTaken);
    if (!(await this.repo.consumeToken(row.tokenId))) return failWith(ACCOUNT_TEXT.emailChangeInvalid);
    const loginWasEmail = user.login.toLowerCase() === user.email.toLowerCase();
    const updated = await this.repo.updateUser(user.userId, {
      email: newEmail,
      ...(loginWasEmail ? { login: newEmail } : {}),
    });
    if (!updated) return failWith(ACCOUNT_TEXT.emailTaken);
    return ok({ email: newEmail }, [ACCOUNT_TEXT.emailChanged.text]);
  }

  async updateUsername(userId: number, username: string): Promise<Result<{ user: UserDetail }>> {
    const current = await this.repo.findUserById(userId);
    if (!current) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    // a user name is also a way to sign in: it must not be an e-mail other than the customer's own (it
    // would hold someone else's address: "già registrato" when they sign up) nor look like a card number
    const othersEmail = username.includes('@') && username.toLowerCase() !== current.email.toLowerCase();
    if (othersEmail || /^\d+$/.test(username) || (await this.repo.isLoginTaken(username, userId)))
      return fieldFail('username', ACCOUNT_TEXT.usernameTaken);
    const user = await this.repo.updateUser(userId, { login: username });
    if (!user) return fieldFail('username', ACCOUNT_TEXT.usernameTaken);
    return ok({ user: await this.detailOf(user) }, [ACCOUNT_TEXT.profileSaved.text]);
  }

  // ---------- password reset ----------
  /**
   * Always the same answer in the same time (no enumeration, not even by timing): the request is written
   * as a job and answered; the job (`sendPasswordReset`) looks the account up and mails the link.
   */
  async requestPasswordReset(q: PasswordResetRequest): Promise<Result<Record<string, never>>> {
    await this.opts.later(PASSWORD_RESET_JOB, {
      e_mail: q.e_mail,
      login: q.login,
      fiscal_code: q.fiscal_code,
    });
    return ok({}, [ACCOUNT_TEXT.resetRequested.text]);
  }

  /**
   * The reset job: a link only when the data match an account. Run again (at-least-once jobs), it sends a
   * new link that replaces the first.
   */
  async sendPasswordReset(q: PasswordResetRequest): Promise<void> {
    const key = (q.e_mail || q.login || '').trim();
    const user = key ? await this.repo.findUserByLogin(key) : null;
    // omocodia variants of the same code are the same person
    const fiscalOk =
      !q.fiscal_code ||
      (user !== null &&
        user.fiscalCode !== '' &&
        fiscalCodeWithoutOmocodia(user.fiscalCode) === fiscalCodeWithoutOmocodia(q.fiscal_code));
    if (user && fiscalOk && user.passwordHash) {
      const token = randomToken();
      await this.repo.replaceToken({
        userId: user.userId,
        purpose: 'password_reset',
        tokenHash: sha256(token),
        expiresAt: this.inFuture(RESET_TOKEN_MINUTES * 60_000),
      });
      const link = `${this.opts.publicUrl}/reset-password?token=${token}&login=${encodeURIComponent(user.email)}`;
      await this.mail.send(user.email, {
        template: 'password-reset',
        firstName: user.firstName,
        link,
        minutes: RESET_TOKEN_MINUTES,
      });
    }
  }

  private async findResetToken(login: string | undefined, token: string) {
    const row = await this.repo.findActiveTokenByHash(sha256(token), 'password_reset', this.now());
    if (!row) return null;
    if (login) {
      const user = await this.repo.findUserByLogin(login);
      if (!user || user.userId !== row.userId) return null;
    }
    return row;
  }

  async checkPasswordReset(login: string | undefined, token: string): Promise<Result<{ valid: true }>> {
    return (await this.findResetToken(login, token))
      ? ok({ valid: true as const })
      : failWith(ACCOUNT_TEXT.resetInvalid);
  }

  async resetPassword(
    login: string | undefined,
    token: string,
    password: string,
  ): Promise<Result<Record<string, never>>> {
    const row = await this.findResetToken(login, token);
    if (!row) return failWith(ACCOUNT_TEXT.resetInvalid);
    const user = await this.repo.findUserById(row.userId);
    if (!user || !(await this.repo.consumeToken(row.tokenId))) return failWith(ACCOUNT_TEXT.resetInvalid);
    await this.setPassword(user, password);
    // the customer proved the mailbox is theirs
    if (!user.profileConfirmed) await this.repo.updateUser(user.userId, { profileConfirmed: true });
    return ok({}, [ACCOUNT_TEXT.resetDone.text]);
  }

  // ---------- multi-factor switch ----------
  async mfaEnabled(userId: number): Promise<Result<{ enabled: boolean }>> {
    const user = await this.repo.findUserById(userId);
    return user ? ok({ enabled: user.mfaEnabled }) : failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
  }

  async updateMfa(userId: number, enabled: boolean): Promise<Result<{ enabled: boolean }>> {
    const user = await this.repo.updateUser(userId, { mfaEnabled: enabled });
    return user
      ? ok({ enabled: user.mfaEnabled }, [ACCOUNT_TEXT.profileSaved.text])
      : failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
  }

  // ---------- account deletion ----------
  async requestAnonymizeToken(userId: number): Promise<Result<Record<string, never>>> {
    const user = await this.repo.findUserById(userId);
    if (!user) return failWith(ACCOUNT_TEXT.userNotFound, 'notFound');
    // 8 characters without look-alikes: easy to copy from the mail; 5 tries, 30 minutes
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const bytes = Buffer.from(randomToken(), 'base64url');
    const code = Array.from(bytes.subarray(0, 8), (b) => alphabet[b % alphabet.length]).join('');
    await this.repo.replaceToken({
      userId,
      purpose: 'anonymize',
      tokenHash: sha256(code),
      expiresAt: this.inFuture(ANONYMIZE_MINUTES * 60_000),
    });
    const link = `${this.opts.publicUrl}/profile/delete-account?token=${code}`;
    await this.mail.send(user.email, {
      template: 'anonymize-token',
      firstName: user.firstName,
      token: code,
      link,
      minutes: ANONYMIZE_MINUTES,
    });
    return ok({}, [ACCOUNT_TEXT.anonymizeSent.text]);
  }

  private async matchAnonymizeToken(userId: number, token: string): Promise<{ tokenId: number } | null> {
    const row = await this.repo.findActiveToken(userId, 'anonymize', this.now());
    if (!row || row.attempts >= TOKEN_MAX_ATTEMPTS) return null;
    if (!sameDigest(row.tokenHash, sha256(token.trim().toUpperCase()))) {
      await this.repo.countTokenAttempt(row.tokenId);
      return null;
    }
    return row;
  }

  async checkAnonymizeToken(userId: number, token: string): Promise<Result<{ valid: true }>> {
    return (await this.matchAnonymizeToken(userId, token))
      ? ok({ valid: true as const })
      : failWith(ACCOUNT_TEXT.anonymizeInvalid);
  }

  async anonymize(userId: number, token: string): Promise<Result<Record<string, never>>> {
    const row = await this.matchAnonymizeToken(userId, token);
    if (!row) return failWith(ACCOUNT_TEXT.anonymizeInvalid);
    if (await this.opts.pickupOrders.hasOrdersAwaitingPickup(userId))
      return failWith(ACCOUNT_TEXT.anonymizePickup);
    if (!(await this.repo.consumeToken(row.tokenId))) return failWith(ACCOUNT_TEXT.anonymizeInvalid);
    for (const erase of this.opts.erasers ?? []) await erase(userId);
    await this.repo.anonymizeUser(userId);
    return ok({}, [ACCOUNT_TEXT.anonymized.text]);
  }

  /**
   * Erasure asked to customer service, who checked the customer's identity (the back office records who and
   * why): the same rules and the same erasure as the customer's own request, without the e-mailed code.
   */
  async anonymizeOnRequest(userId: number): Promise<Result<Record<string, never>>> {
    if (await this.opts.pickupOrders.hasOrdersAwaitingPickup(userId))
      return failWith(ACCOUNT_TEXT.anonymizePickup);
    for (const erase of this.opts.erasers ?? []) await erase(userId);
    await this.repo.anonymizeUser(userId);
    return ok({});
  }

  // ---------- invoice data ----------
  async listPersonFiscals(userId: number): Promise<Result<{ personFiscals: PersonFiscal[] }>> {
    return ok({ personFiscals: (await this.repo.listPersonFiscals(userId)).map(toPersonFiscal) });
  }

  async insertPersonFiscal(
    userId: number,
    input: PersonFiscalInput,
  ): Promise<Result<{ personFiscal: PersonFiscal }>> {
    if (input.fiscalCode && !isFiscalCodeValid(input.fiscalCode))
      return fieldFail('fiscalCode', ACCOUNT_TEXT.fiscalCodeInvalid);
    if ((await this.repo.countPersonFiscals(userId)) >= PERSON_FISCAL_MAX)
      return failWith(ACCOUNT_TEXT.fiscalTooMany);
    const row = await this.repo.insertPersonFiscal({ userId, ...input });
    return ok({ personFiscal: toPersonFiscal(row) }, [ACCOUNT_TEXT.profileSaved.text]);
  }

  async deletePersonFiscal(userId: number, personFiscalId: number): Promise<Result<Record<string, never>>> {
    return (await this.repo.deletePersonFiscal(userId, personFiscalId))
      ? ok({})
      : failWith(ACCOUNT_TEXT.fiscalNotFound, 'notFound');
  }

  // ---------- disclaimers ----------
  async listDisclaimers(
    moduleTypeId: number,
    storeId: number,
  ): Promise<Result<{ registrationDisclaimers: RegistrationDisclaimer[] }>> {
    const rows = await this.repo.listDisclaimers(moduleTypeId, storeId);
    return ok({ registrationDisclaimers: rows.map((d) => toDisclaimer(d)) });
  }

  async listUserDisclaimers(
    userId: number,
    moduleTypeId: number,
  ): Promise<Result<{ registrationDisclaimers: RegistrationDisclaimer[] }>> {
    const rows = await this.repo.listUserDisclaimers(userId, moduleTypeId);
    return ok({ registrationDisclaimers: rows.map((r) => toDisclaimer(r.disclaimer, r.value ?? false)) });
  }

  async checkDisclaimers(
    userId: number,
    moduleTypeId: number,
  ): Promise<Result<{ complete: boolean; missing: number[] }>> {
    const rows = await this.repo.listUserDisclaimers(userId, moduleTypeId);
    const missing = rows
      .filter((r) => r.disclaimer.required && r.value !== true)
      .map((r) => r.disclaimer.registrationDisclaimerId);
    return ok({ complete: missing.length === 0, missing });
  }

  async updateDisclaimers(
    userId: number,
    moduleTypeId: number,
    answers: ReadonlyArray<{ registrationDisclaimerId: number; value: boolean }>,
  ): Promise<Result<{ registrationDisclaimers: RegistrationDisclaimer[] }>> {
    const rows = await this.repo.listUserDisclaimers(userId, moduleTypeId);
    const byId = new Map(rows.map((r) => [r.disclaimer.registrationDisclaimerId, r.disclaimer]));
    for (const a of answers) {
      const d = byId.get(a.registrationDisclaimerId);
      if (!d) return fieldFail(`disclaimers.${a.registrationDisclaimerId}`, ACCOUNT_TEXT.disclaimerUnknown);
      if (d.required && !a.value)
        return fieldFail(`disclaimers.${a.registrationDisclaimerId}`, ACCOUNT_TEXT.disclaimerRequired);
    }
    await this.repo.saveUserDisclaimers(userId, answers);
    const codeOf = (id: number) => byId.get(id)?.code;
    const marketing = answers.find((a) => codeOf(a.registrationDisclaimerId) === CONSENT_CODES.marketing);
    const profiling = answers.find((a) => codeOf(a.registrationDisclaimerId) === CONSENT_CODES.profiling);
    if (marketing || profiling)
      await this.repo.updateUser(userId, {
        ...(marketing ? { marketingConsent: marketing.value } : {}),
        ...(profiling ? { profilingConsent: profiling.value } : {}),
      });
    return this.listUserDisclaimers(userId, moduleTypeId);
  }
}

function toPersonFiscal(r: PersonFiscalRow): PersonFiscal {
  return {
    personFiscalId: r.personFiscalId,
    personTypeId: r.personTypeId,
    companyName: r.companyName,
    fiscalCode: r.fiscalCode,
    vatCode: r.vatCode,
    pec: r.pec,
    sdiCode: r.sdiCode,
    ipaCode: r.ipaCode,
    cig: r.cig,
    determinationNumber: r.determinationNumber,
    determinationDate: r.determinationDate,
    contactPerson: r.contactPerson,
    address1: r.address1,
    addressNumber: r.addressNumber,
    postalCode: r.postalCode,
    city: r.city,
    province: r.province,
  };
}

function toDisclaimer(
  d: {
    registrationDisclaimerId: number;
    registrationModuleTypeId: number;
    code: string;
    title: string;
    descr: string;
    required: boolean;
    priority: number;
  },
  value?: boolean,
): RegistrationDisclaimer {
  return {
    registrationDisclaimerId: d.registrationDisclaimerId,
    registrationModuleTypeId: d.registrationModuleTypeId,
    code: d.code,
    title: d.title,
    descr: d.descr,
    required: d.required,
    priority: d.priority,
    ...(value !== undefined ? { value } : {}),
  };
}
