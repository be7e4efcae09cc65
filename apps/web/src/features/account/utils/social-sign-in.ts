import { SOCIAL_OUTCOMES, type SocialOutcome } from '@spesa/shared/contracts/identity';
import { API_BASE } from '../../../lib/config';
import { safeRedirect } from './safe-redirect';

/** The message the sign-in's result page posts to the window that opened the popup (same origin only). */
export const SIGN_IN_MESSAGE = 'spesa-sign-in';

/** The spec's social popup (sections 2 and 9: 600 by 600). */
export const SOCIAL_POPUP_SIZE = 600;

export interface SignInResult {
  outcome: SocialOutcome;
  /** 'google', 'facebook', 'saml:<company>' */
  provider: string;
  /** a path of the shop (the server checked it) */
  next: string;
  /** with outcome 'error': the refusal's code (msg.identity.*) */
  code: string;
}

export function readSignInResult(params: URLSearchParams): SignInResult {
  const outcome = params.get('outcome');
  return {
    outcome: SOCIAL_OUTCOMES.find((o) => o === outcome) ?? 'error',
    provider: params.get('provider') ?? '',
    next: params.get('next') ?? '',
    code: params.get('code') ?? '',
  };
}

export function isSignInResult(value: unknown): value is SignInResult & { type: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === SIGN_IN_MESSAGE &&
    typeof (value as { outcome?: unknown }).outcome === 'string'
  );
}

/** Where the shop goes after a sign-in (spec section 2): the dashboard, the registration, the link's page. */
export function pathAfterSignIn(result: SignInResult): string | null {
  switch (result.outcome) {
    case 'signedIn':
      return safeRedirect(result.next, '/dashboard');
    case 'register':
      return `/registration-user?social_login=${encodeURIComponent(result.provider)}`;
    case 'confirmLink':
      return '/social-login/link';
    default:
      return null;
  }
}

/** The i18n key of a refusal's text, from its code (msg.identity.<name>). */
export const signInErrorKey = (code: string): string => {
  const name = code.startsWith('msg.identity.') ? code.slice('msg.identity.'.length) : '';
  return /^[a-zA-Z]+$/.test(name) ? `account.social.errors.${name}` : 'account.social.errors.generic';
};

/** The provider's name as the customer reads it. */
export const providerKey = (provider: string): string =>
  provider.startsWith('saml:') ? 'account.social.providers.saml' : `account.social.providers.${provider}`;

const socialUrl = (provider: string, relay: string, popup: boolean) =>
  `${API_BASE}/social-redir/${encodeURIComponent(provider)}-mobile?${new URLSearchParams({
    relay_state_url: relay,
    ...(popup ? { popup: '1' } : {}),
  }).toString()}`;

/**
 * Opens the provider in a 600×600 popup centred on the window; the result page posts back here. With popups
 * blocked, the whole window goes to the provider instead (and comes back to the result page). Answers a
 * function that stops listening.
 */
export function startSocialSignIn(
  provider: string,
  relay: string,
  onResult: (result: SignInResult) => void,
): () => void {
  const left = Math.max(0, window.screenX + (window.outerWidth - SOCIAL_POPUP_SIZE) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - SOCIAL_POPUP_SIZE) / 2);
  const popup = window.open(
    socialUrl(provider, relay, true),
    'spesa-social-login',
    `popup=yes,width=${SOCIAL_POPUP_SIZE},height=${SOCIAL_POPUP_SIZE},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) {
    window.location.assign(socialUrl(provider, relay, false));
    return () => undefined;
  }
  const listener = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== popup) return;
    if (!isSignInResult(event.data)) return;
    window.removeEventListener('message', listener);
    onResult(event.data);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
