import type { CookieSerializeOptions } from '@fastify/cookie';
import { randomToken, sha256 } from '../account/secrets';

/**
 * A federated sign-in is finished only by the browser that started it (login CSRF, decision 054): the start
 * gives the browser a random binding in an HttpOnly cookie and keeps its SHA-256 with the OIDC state or
 * the SAML request id; the provider's answer counts only when it comes with the same cookie. Without it, an
 * attacker could pass the provider's page for their own account and have a victim's browser open the
 * callback link (or auto-post an unspent SAMLResponse), signing the victim in as the attacker.
 *
 * One binding per browser, reused by every sign-in it starts while the cookie lives, so two tabs can sign
 * in at once. The company's IdP posts its answer from its own site, a cross-site POST: on https the cookie
 * is `SameSite=None; Secure` so that post carries it; on plain http (development, the demo IdP on the
 * shop's own origin, whose post is same-site) it is `SameSite=Lax`, since browsers refuse `SameSite=None`
 * without `Secure`.
 */
export const SIGN_IN_BINDING_COOKIE = 'spesa-sign-in';

/** How long the binding cookie lives: as long as a sign-in may take (SOCIAL_LOGIN_MINUTES, SAML_LOGIN_MINUTES). */
export const SIGN_IN_BINDING_MINUTES = 10;

const BINDING = /^[A-Za-z0-9_-]{43}$/;

/** The binding a browser holds (a well-formed cookie value), or null. */
export function heldBinding(cookie: string | undefined): string | null {
  return cookie !== undefined && BINDING.test(cookie) ? cookie : null;
}

/** The binding for a sign-in that starts: the one the browser holds, or a new random one. */
export function bindingFor(cookie: string | undefined): string {
  return heldBinding(cookie) ?? randomToken();
}

/** What is kept with the sign-in in flight: never the binding itself. */
export const bindingHash = (binding: string): string => sha256(binding);

export function bindingCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    path: '/ebsn/api',
    httpOnly: true,
    secure,
    sameSite: secure ? 'none' : 'lax',
    maxAge: SIGN_IN_BINDING_MINUTES * 60,
  };
}
