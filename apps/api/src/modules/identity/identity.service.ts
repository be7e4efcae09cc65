import type { SocialProvider } from '@spesa/shared/contracts/identity';
import type { FederationOptions, LinkedIdentities, SocialUserDetail } from '@spesa/shared/contracts/identity';
import { failWith, ok, type Result } from '../../lib/result';
import { randomToken, sha256 } from '../account/secrets';
import { IDENTITY_TEXT } from './identity.messages';
import type { IdentityClaims, IdentityRepository, PendingLogin } from './identity.repository';

/** How long a waiting identity (registration or link confirmation) stays usable. */
export const WAITING_IDENTITY_MINUTES = 30;
/** Wrong passwords allowed when confirming a link. */
const LINK_MAX_ATTEMPTS = 5;

/** What the identity module needs of the shop's accounts (the account module, wired in app.ts). */
export interface AccountFacts {
  userId: number;
  email: string;
  hasPassword: boolean;
  confirmed: boolean;
  closed: boolean;
}

export interface IdentityAccountsPort {
  byEmail(email: string): Promise<AccountFacts | null>;
  byId(userId: number): Promise<AccountFacts | null>;
  checkPassword(userId: number, password: string): Promise<boolean>;
  /** a company's employee's account: confirmed (the company vouched for the e-mail), no password */
  provision(person: {
    email: string;
    firstName: string;
    lastName: string;
    companyId: number;
  }): Promise<number | null>;
}

/** Shop at work (decision 042): a company user lands with their company's work address. */
export interface WorkplacePort {
  subscribe(userId: number, subscriptionCode: string): Promise<void>;
}

/** A company whose identity provider signs its employees in (SAML). */
export interface FederatedCompany {
  workSiteId: number;
  subscriptionCode: string;
}

/** How a provider's answer ends. */
export type SignInOutcome =
  | { kind: 'signedIn'; userId: number; relayStateUrl: string; popup: boolean }
  | {
      kind: 'register' | 'confirmLink';
      ticket: string;
      provider: string;
      relayStateUrl: string;
      popup: boolean;
    };

/**
 * The shop's side of an identity vouched for by another party (decision 054), for the social providers and
 * the companies' identity providers alike:
 * - an identity already linked signs its account in;
 * - an e-mail that belongs to an account is linked only once that account's password confirms it, and never
 *   when the provider has not verified the e-mail;
 * - otherwise a social identity waits for the registration (prefilled from it), and a company's employee
 *   gets an account of their company at once.
 * A waiting identity is found by a ticket held in an HttpOnly cookie; it is used once.
 */
export class IdentityService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly accounts: IdentityAccountsPort,
    private readonly workplace: WorkplacePort,
    private readonly social: readonly { provider: SocialProvider; name: string }[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  async options(): Promise<FederationOptions> {
    const companies = await this.repo.companies();
    return {
      social: this.social.map(({ provider, name }) => ({ provider, name })),
      companies: companies.map((c) => ({ slug: c.slug, name: c.companyName })),
    };
  }

  /** The answer of a provider, its checks passed: who is it for the shop? */
  async resolve(
    provider: string,
    claims: IdentityClaims,
    login: PendingLogin,
    company: FederatedCompany | null,
  ): Promise<Result<SignInOutcome>> {
    const now = this.now();
    const { relayStateUrl, popup } = login;
    const known = await this.repo.identityOf(provider, claims.subject);
    if (known) {
      const account = await this.accounts.byId(known.userId);
      if (!account || account.closed) return failWith(IDENTITY_TEXT.accountClosed);
      if (!account.confirmed) return failWith(IDENTITY_TEXT.notConfirmed);
      await this.repo.touch(known.identityId, claims.email || known.email, claims.roles, now);
      if (company) await this.workplace.subscribe(known.userId, company.subscriptionCode);
      return ok({ kind: 'signedIn', userId: known.userId, relayStateUrl, popup });
    }
    if (!claims.email) return failWith(IDENTITY_TEXT.emailMissing);
    const existing = await this.accounts.byEmail(claims.email);
    if (existing) {
      // never on the provider's word alone: the account's own password confirms the link
      if (!claims.emailVerified) return failWith(IDENTITY_TEXT.emailUnverified);
      if (existing.closed) return failWith(IDENTITY_TEXT.accountClosed);
      const ticket = await this.park(login, claims, existing.userId);
      return ok({ kind: 'confirmLink', ticket, provider, relayStateUrl, popup });
    }
    if (company) {
      const userId = await this.accounts.provision({
        email: claims.email,
        firstName: claims.firstName,
        lastName: claims.lastName,
        companyId: company.workSiteId,
      });
      // an account made meanwhile with the same e-mail: its password must confirm the link
      if (userId === null) {
        const raced = await this.accounts.byEmail(claims.email);
        if (!raced) return failWith(IDENTITY_TEXT.providerRefused);
        const ticket = await this.park(login, claims, raced.userId);
        return ok({ kind: 'confirmLink', ticket, provider, relayStateUrl, popup });
      }
      if (!(await this.repo.link(userId, provider, claims, now)))
        return failWith(IDENTITY_TEXT.linkedElsewhere);
      await this.workplace.subscribe(userId, company.subscriptionCode);
      return ok({ kind: 'signedIn', userId, relayStateUrl, popup });
    }
    const ticket = await this.park(login, claims, null);
    return ok({ kind: 'register', ticket, provider, relayStateUrl, popup });
  }

  private async park(login: PendingLogin, claims: IdentityClaims, linkUserId: number | null) {
    const ticket = randomToken();
    const expiresAt = new Date(this.now().getTime() + WAITING_IDENTITY_MINUTES * 60_000);
    await this.repo.parkIdentity(login.stateHash, sha256(ticket), claims, linkUserId, expiresAt);
    return ticket;
  }

  /** GET /registration/social_user_detail: the waiting identity's facts, to prefill the registration. */
  async waitingDetail(ticket: string | undefined): Promise<Result<SocialUserDetail>> {
    const waiting = ticket ? await this.repo.waitingIdentity(sha256(ticket), this.now()) : null;
    if (!waiting) return failWith(IDENTITY_TEXT.ticketInvalid, 'notFound');
    return ok({
      provider: waiting.provider,
      email: waiting.email,
      emailVerified: waiting.emailVerified,
      firstName: waiting.firstName,
      lastName: waiting.lastName,
      linkRequired: waiting.linkUserId !== null,
    });
  }

  /** POST /registration/social_link_confirm: the account's password links the waiting identity to it. */
  async confirmLink(
    ticket: string | undefined,
    password: string,
    companyOf: (provider: string) => Promise<FederatedCompany | null>,
  ): Promise<Result<{ userId: number; relayStateUrl: string }>> {
    const now = this.now();
    const waiting = ticket ? await this.repo.waitingIdentity(sha256(ticket), now) : null;
    if (!waiting || waiting.linkUserId === null) return failWith(IDENTITY_TEXT.ticketInvalid, 'notFound');
    if (waiting.linkAttempts >= LINK_MAX_ATTEMPTS) return failWith(IDENTITY_TEXT.linkLocked);
    const account = await this.accounts.byId(waiting.linkUserId);
    if (!account || account.closed) return failWith(IDENTITY_TEXT.accountClosed);
    if (!(await this.accounts.checkPassword(account.userId, password))) {
      const attempts = await this.repo.countLinkAttempt(waiting.stateHash);
      return failWith(
        attempts >= LINK_MAX_ATTEMPTS ? IDENTITY_TEXT.linkLocked : IDENTITY_TEXT.linkPasswordWrong,
      );
    }
    if (!(await this.repo.spendTicket(waiting.stateHash, now)))
      return failWith(IDENTITY_TEXT.ticketInvalid, 'notFound');
    if (!(await this.repo.link(account.userId, waiting.provider, waiting, now)))
      return failWith(IDENTITY_TEXT.linkedElsewhere);
    const company = await companyOf(waiting.provider);
    if (company) await this.workplace.subscribe(account.userId, company.subscriptionCode);
    return ok({ userId: account.userId, relayStateUrl: waiting.relayStateUrl });
  }

  /**
   * The registration's side (account module, through its port): the waiting identity of `provider` for the
   * ticket, if any, with whether the provider verified the e-mail the customer registers with.
   */
  async waitingForRegistration(
    ticket: string | undefined,
    provider: string,
  ): Promise<{ email: string; emailVerified: boolean } | null> {
    const waiting = ticket ? await this.repo.waitingIdentity(sha256(ticket), this.now()) : null;
    if (!waiting || waiting.linkUserId !== null || waiting.provider !== provider) return null;
    return { email: waiting.email, emailVerified: waiting.emailVerified };
  }

  /** The registration made the account: the waiting identity is linked to it (once). */
  async linkRegistered(ticket: string, userId: number): Promise<void> {
    const now = this.now();
    const waiting = await this.repo.waitingIdentity(sha256(ticket), now);
    if (!waiting || waiting.linkUserId !== null) return;
    if (!(await this.repo.spendTicket(waiting.stateHash, now))) return;
    await this.repo.link(userId, waiting.provider, waiting, now);
  }

  async linked(userId: number): Promise<Result<LinkedIdentities>> {
    const [rows, account] = await Promise.all([this.repo.identitiesOf(userId), this.accounts.byId(userId)]);
    return ok({
      identities: rows.map((r) => ({ provider: r.provider, email: r.email, linkedAt: r.linkedAt })),
      hasPassword: account?.hasPassword ?? false,
    });
  }

  /** Unlinks a social provider, never the account's last way to sign in. */
  async unlink(userId: number, provider: SocialProvider): Promise<Result<LinkedIdentities>> {
    const account = await this.accounts.byId(userId);
    const rows = await this.repo.identitiesOf(userId);
    if (!rows.some((r) => r.provider === provider)) return failWith(IDENTITY_TEXT.notLinked, 'notFound');
    if (!(await this.repo.unlink(userId, provider, account?.hasPassword ?? false)))
      return failWith(IDENTITY_TEXT.lastWayToSignIn);
    return this.linked(userId);
  }
}
