import type { SocialProvider } from '@spesa/shared/contracts/identity';
import type { Configuration } from 'openid-client';

/** openid-client (with oauth4webapi and jose), loaded on the first social sign-in, not at every start */
const openidClient = () => import('openid-client');
import { failWith, ok, type Result } from '../../lib/result';
import { sha256 } from '../account/secrets';
import { IDENTITY_TEXT } from './identity.messages';
import type { IdentityClaims, IdentityRepository, PendingLogin } from './identity.repository';

/** One social provider as configured (env.ts, or the demo identity provider in development). */
export interface SocialProviderConfig {
  provider: SocialProvider;
  /** what the button says: "Google", "Facebook" */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** plain-http issuer on this machine (the demo provider): never in production */
  allowInsecure?: boolean;
}

/** How long the provider's page may take before its answer is refused. */
export const SOCIAL_LOGIN_MINUTES = 10;

/**
 * The shop as an OpenID Connect relying party (openid-client): authorisation code with PKCE (S256), state
 * and nonce. What the answer is checked against (state, nonce, code verifier, where to go back, the
 * browser that started it) is kept in the database under the state's SHA-256, so any API process finishes a
 * sign-in another started, and the state is taken once, by the starting browser only (browser-binding.ts),
 * before the code is exchanged: a replayed answer, or one opened in another browser, is refused. Only the
 * provider's metadata (discovery) is cached in each process.
 */
export class SocialSignIn {
  private readonly configs = new Map<SocialProvider, Promise<Configuration>>();

  constructor(
    private readonly repo: IdentityRepository,
    private readonly providers: readonly SocialProviderConfig[],
    /** the callback of a provider: `${publicUrl}/ebsn/api/social-redir/<provider>-mobile` */
    private readonly redirectUriOf: (provider: SocialProvider) => string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  has(provider: string): provider is SocialProvider {
    return this.providers.some((p) => p.provider === provider);
  }

  private configOf(provider: SocialProvider): Promise<Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const p = this.providers.find((c) => c.provider === provider);
      if (!p) throw new Error(`social provider ${provider} is not configured`);
      config = openidClient().then((oidc) =>
        oidc.discovery(
          new URL(p.issuer),
          p.clientId,
          p.clientSecret,
          undefined,
          p.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        ),
      );
      // a provider that could not be reached is asked again at the next sign-in
      config.catch(() => this.configs.delete(provider));
      this.configs.set(provider, config);
    }
    return config;
  }

  /**
   * The provider's page to open (in the 600×600 popup or the whole window); `browserHash` names the browser
   * that may finish the sign-in.
   */
  async start(
    provider: SocialProvider,
    relayStateUrl: string,
    popup: boolean,
    browserHash: string,
  ): Promise<Result<URL>> {
    let config: Configuration;
    try {
      config = await this.configOf(provider);
    } catch {
      return failWith(IDENTITY_TEXT.providerUnknown);
    }
    const oidc = await openidClient();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.repo.insertLogin({
      stateHash: sha256(state),
      provider,
      protocol: 'oidc',
      nonce,
      codeVerifier,
      relayStateUrl,
      popup,
      browserHash,
      expiresAt: new Date(this.now().getTime() + SOCIAL_LOGIN_MINUTES * 60_000),
    });
    return ok(
      oidc.buildAuthorizationUrl(config, {
        redirect_uri: this.redirectUriOf(provider),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }),
    );
  }

  /**
   * The provider's answer (`code`, `state`, and `iss` when the provider sends it), in the browser of
   * `browserHash` (null: it holds no binding): the state is taken once, by the browser that started the
   * sign-in only, the code exchanged with the PKCE verifier, the ID token's signature, issuer, audience,
   * expiry and nonce checked by openid-client. Answers the identity's facts and the sign-in it ends.
   */
  async finish(
    provider: SocialProvider,
    query: URLSearchParams,
    browserHash: string | null,
    log: (error: unknown) => void,
  ): Promise<Result<{ claims: IdentityClaims; login: PendingLogin }>> {
    const state = query.get('state');
    if (!state || state.length > 200) return failWith(IDENTITY_TEXT.stateInvalid);
    const now = this.now();
    const login = browserHash ? await this.repo.takeLogin(sha256(state), provider, now, browserHash) : null;
    if (!login) {
      // a sign-in still in flight that this browser did not start stays for the one that did
      const started = await this.repo.peekLogin(sha256(state), provider, now);
      return failWith(started ? IDENTITY_TEXT.otherBrowser : IDENTITY_TEXT.stateInvalid);
    }
    if (login.protocol !== 'oidc') return failWith(IDENTITY_TEXT.stateInvalid);
    const currentUrl = new URL(this.redirectUriOf(provider));
    currentUrl.search = query.toString();
    try {
      const config = await this.configOf(provider);
      const oidc = await openidClient();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) return failWith(IDENTITY_TEXT.providerRefused);
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      return ok({
        login,
        claims: {
          subject: claims.sub,
          email: text(claims.email).toLowerCase(),
          emailVerified: claims.email_verified === true,
          firstName: text(claims.given_name),
          lastName: text(claims.family_name),
          roles: [],
        },
      });
    } catch (error) {
      log(error);
      return failWith(IDENTITY_TEXT.providerRefused);
    }
  }
}
