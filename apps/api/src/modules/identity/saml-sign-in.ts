import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { failWith, ok, type Result } from '../../lib/result';
import { sha256 } from '../account/secrets';
import { IDENTITY_TEXT } from './identity.messages';
import type { CompanyIdpRow, IdentityClaims, IdentityRepository, PendingLogin } from './identity.repository';

/** How long the company's page may take; how old an assertion may be; the clocks' tolerated skew. */
export const SAML_LOGIN_MINUTES = 10;
const MAX_ASSERTION_AGE_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;

/** Entity ids of the built-in demo IdP: its key is in the repository, so production refuses it. */
export const DEMO_IDP_ENTITY_PREFIX = 'urn:spesa:demo-idp';

export const samlProviderOf = (slug: string) => `saml:${slug}`;

export interface SamlSignInOptions {
  /** `${publicUrl}/ebsn/api` */
  apiUrl: string;
  production: boolean;
  now?: () => Date;
}

/**
 * The shop as a SAML 2.0 service provider (@node-saml/node-saml), one identity provider per partner company
 * (company_identity_providers). The AuthnRequest's id is kept in the database (federated_logins, under its
 * SHA-256) with the browser that sent it (browser-binding.ts), and an answer must be in response to one
 * (no IdP-initiated sign-in), posted by that browser, and is taken once. The assertion
 * must be signed with the company's certificate, for the shop's entity id (audience), for the shop's
 * assertion consumer service (recipient and destination), within its time window (60 s of skew, at most
 * 10 minutes old), and its id is remembered in the database until it expires (a replay is refused).
 */
export class SamlSignIn {
  readonly entityId: string;
  readonly acsUrl: string;

  constructor(
    private readonly repo: IdentityRepository,
    private readonly opts: SamlSignInOptions,
  ) {
    this.entityId = `${opts.apiUrl}/saml/metadata`;
    this.acsUrl = `${opts.apiUrl}/saml/acs`;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  async company(slug: string): Promise<CompanyIdpRow | null> {
    const found = (await this.repo.companies()).find((c) => c.slug === slug) ?? null;
    if (found && this.opts.production && found.entityId.startsWith(DEMO_IDP_ENTITY_PREFIX)) return null;
    return found;
  }

  /** node-saml's service provider for one company (the package is loaded on the first SAML sign-in) */
  private async saml(company: CompanyIdpRow | null, cacheProvider: CacheProvider): Promise<SAML> {
    const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
    return new SAML({
      issuer: this.entityId,
      callbackUrl: this.acsUrl,
      audience: this.entityId,
      entryPoint: new URL(company?.ssoUrl ?? this.acsUrl, this.opts.apiUrl).toString(),
      idpIssuer: company?.entityId,
      idpCert: company?.certificate ?? 'MIIB',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_LOGIN_MINUTES * 60_000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
      cacheProvider,
    });
  }

  /**
   * GET /saml/do-login: the company's sign-in page, with a request remembered in the database for the
   * browser of `browserHash`.
   */
  async start(company: CompanyIdpRow, relayStateUrl: string, browserHash: string): Promise<string> {
    const provider = samlProviderOf(company.slug);
    const cache: CacheProvider = {
      saveAsync: async (key, value) => {
        await this.repo.insertLogin({
          stateHash: sha256(key),
          provider,
          protocol: 'saml',
          relayStateUrl,
          popup: false,
          browserHash,
          expiresAt: new Date(this.now().getTime() + SAML_LOGIN_MINUTES * 60_000),
        });
        return { value, createdAt: Date.now() };
      },
      getAsync: () => Promise.resolve(null),
      removeAsync: () => Promise.resolve(null),
    };
    return (await this.saml(company, cache)).getAuthorizeUrlAsync('', undefined, {});
  }

  /**
   * POST /saml/acs: the company's answer, posted by the browser of `browserHash` (null: it holds no
   * binding), every check passed or refused. A request another browser sent is neither accepted nor spent.
   */
  async consume(
    samlResponse: string,
    browserHash: string | null,
    log: (error: unknown) => void,
  ): Promise<Result<{ company: CompanyIdpRow; claims: IdentityClaims; login: PendingLogin }>> {
    let xml: string;
    try {
      xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    } catch {
      return failWith(IDENTITY_TEXT.samlRefused);
    }
    // the company is the one the Response names; its certificate must then have signed the assertion
    const issuer = /<(?:\w+:)?Issuer[^>]*>\s*([^<\s]+)\s*<\/(?:\w+:)?Issuer>/.exec(xml)?.[1];
    const company = issuer ? (await this.repo.companies()).find((c) => c.entityId === issuer) : undefined;
    if (!company || (this.opts.production && company.entityId.startsWith(DEMO_IDP_ENTITY_PREFIX)))
      return failWith(IDENTITY_TEXT.companyUnknown);
    const provider = samlProviderOf(company.slug);
    let taken: PendingLogin | null = null;
    let otherBrowser = false;
    const now = this.now();
    const cache: CacheProvider = {
      saveAsync: () => Promise.resolve(null),
      getAsync: async (key) => {
        const login = await this.repo.peekLogin(sha256(key), provider, now);
        if (login && login.browserHash !== browserHash) {
          otherBrowser = true;
          return null;
        }
        return login ? login.createdAt.toISOString() : null;
      },
      // the request is taken once, by the browser that sent it: a second answer to it finds nothing
      removeAsync: async (key) => {
        if (key === null || taken || browserHash === null) return null;
        taken = await this.repo.takeLogin(sha256(key), provider, now, browserHash);
        return taken ? taken.createdAt.toISOString() : null;
      },
    };
    const sp = await this.saml(company, cache);
    let profile;
    try {
      ({ profile } = await sp.validatePostResponseAsync({
        SAMLResponse: samlResponse,
      }));
    } catch (error) {
      if (otherBrowser) return failWith(IDENTITY_TEXT.otherBrowser);
      log(error);
      return failWith(IDENTITY_TEXT.samlRefused);
    }
    const login = taken as PendingLogin | null;
    if (!profile || !login) return failWith(IDENTITY_TEXT.samlReplayed);
    const parsed = profile.getAssertion?.() as SamlParsed | undefined;
    const assertion = parsed?.Assertion;
    const recipient =
      assertion?.Subject?.[0]?.SubjectConfirmation?.[0]?.SubjectConfirmationData?.[0]?.$?.Recipient;
    const destination = /<(?:\w+:)?Response[^>]*\sDestination="([^"]*)"/.exec(xml)?.[1];
    if (recipient !== this.acsUrl || (destination !== undefined && destination !== this.acsUrl))
      return failWith(IDENTITY_TEXT.samlRefused);
    const assertionId = assertion?.$?.ID;
    if (!assertionId) return failWith(IDENTITY_TEXT.samlRefused);
    const rememberUntil = new Date(now.getTime() + MAX_ASSERTION_AGE_MS + 2 * CLOCK_SKEW_MS);
    if (!(await this.repo.rememberAssertion(assertionId, company.entityId, rememberUntil)))
      return failWith(IDENTITY_TEXT.samlReplayed);

    const attribute = (name: string): string[] => {
      const v = (profile.attributes as Record<string, unknown> | undefined)?.[name] ?? profile[name];
      return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
        (x): x is string => typeof x === 'string',
      );
    };
    const nameId = (profile.nameID ?? '').trim();
    const email = (attribute('email')[0] ?? (nameId.includes('@') ? nameId : '')).trim().toLowerCase();
    return ok({
      company,
      login,
      claims: {
        subject: nameId,
        email,
        // the company vouches for its employees' e-mail addresses
        emailVerified: email !== '',
        firstName: attribute('firstName')[0] ?? '',
        lastName: attribute('lastName')[0] ?? '',
        roles: attribute(company.rolesAttribute).slice(0, 20),
      },
    });
  }

  /** The shop's service provider metadata (entity id, assertion consumer service). */
  async metadata(): Promise<string> {
    const none: CacheProvider = {
      saveAsync: () => Promise.resolve(null),
      getAsync: () => Promise.resolve(null),
      removeAsync: () => Promise.resolve(null),
    };
    return (await this.saml(null, none)).generateServiceProviderMetadata(null, null);
  }
}

interface SamlParsed {
  Assertion?: {
    $?: { ID?: string };
    Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string } }[] }[] }[];
  };
}
