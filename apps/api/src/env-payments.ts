import { createPrivateKey } from 'node:crypto';
import { SANDBOX_SECRET_MIN_LENGTH } from './modules/payment/sandbox-secret';

/**
 * How the shop takes payments (decision 084): which online providers are configured completely, whether the
 * sandbox is on, whether this is a demonstration shop. Read by env.ts's checks and by the modules.
 */
export interface PaymentSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PAYMENT_SANDBOX?: 'on' | 'off' | undefined;
  PAYMENT_SANDBOX_SECRET?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  SATISPAY_KEY_ID?: string | undefined;
  SATISPAY_PRIVATE_KEY?: string | undefined;
  SATISPAY_API_URL?: string | undefined;
  ONLINE_PAYMENTS: 'on' | 'off';
  DEMO_SHOP?: 'on' | 'off' | undefined;
}

/** Satispay's production API (its staging is staging.authservices.satispay.com): real money. */
const SATISPAY_LIVE_HOST = 'authservices.satispay.com';

/** A PEM written on one line with \n for its newlines (as environment files allow) made whole again. */
const pemOf = (text: string): string => text.replace(/\\n/g, '\n');

/** Whether the text is an RSA private key Node can sign with (PEM, PKCS#1 or PKCS#8). */
function isRsaPrivateKey(text: string): boolean {
  try {
    return createPrivateKey(pemOf(text)).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** Online payment at all: ONLINE_PAYMENTS=off leaves pay on delivery only (no provider, the sandbox neither). */
export const areOnlinePaymentsOn = (env: Pick<PaymentSettings, 'ONLINE_PAYMENTS'>): boolean =>
  env.ONLINE_PAYMENTS !== 'off';

/** Stripe configured completely: its secret key and the webhook endpoint's signing secret (cards: 12 and 1). */
export const isStripeConfigured = (env: PaymentSettings): boolean =>
  Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

/** Satispay configured completely: the key id and an RSA private key that signs (the mobile pay app: 24). */
export const isSatispayConfigured = (env: PaymentSettings): boolean =>
  Boolean(env.SATISPAY_KEY_ID && env.SATISPAY_PRIVATE_KEY && isRsaPrivateKey(env.SATISPAY_PRIVATE_KEY));

/**
 * The built-in sandbox provider (test cards): on by default outside production, in production only when
 * switched on (and env.ts lets that start only in a demo shop); never with online payments off.
 */
export const isSandboxOn = (env: PaymentSettings): boolean =>
  areOnlinePaymentsOn(env) &&
  (env.PAYMENT_SANDBOX ? env.PAYMENT_SANDBOX === 'on' : env.NODE_ENV !== 'production');

/**
 * A demonstration shop: no payment is real and nothing is delivered, which every page and the order e-mails
 * say. DEMO_SHOP decides; unset, a shop outside production is one whenever the sandbox takes some payment type
 * (a real provider for each of them leaves it nothing), so `npm start` shows what it is.
 */
export const isDemoShop = (env: PaymentSettings): boolean =>
  env.DEMO_SHOP
    ? env.DEMO_SHOP === 'on'
    : env.NODE_ENV !== 'production' &&
      isSandboxOn(env) &&
      !(isStripeConfigured(env) && isSatispayConfigured(env));

const isLiveStripeKey = (key: string): boolean => /^(sk|rk)_live_/.test(key);

/**
 * What is wrong with the payment settings (decision 084): incomplete providers in any mode, a demo shop with
 * keys that take real money, and in production a shop that would take no real online payment (only the
 * sandbox's test cards, or a Stripe test key) unless it is a declared demo or pays on delivery only.
 */
export function paymentIssues(env: PaymentSettings): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const production = env.NODE_ENV === 'production';
  const demo = env.DEMO_SHOP === 'on';
  const online = areOnlinePaymentsOn(env);
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET))
    issues.push({
      path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
      message:
        'Stripe needs its secret key and the signing secret of the webhook endpoint together (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
    });
  if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_SECRET_KEY)
    issues.push({
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: 'a Stripe publishable key without its secret key (STRIPE_SECRET_KEY) takes no payment',
    });
  if (
    env.STRIPE_SECRET_KEY &&
    env.STRIPE_PUBLISHABLE_KEY &&
    isLiveStripeKey(env.STRIPE_SECRET_KEY) !== env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_')
  )
    issues.push({
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message:
        'the Stripe keys are of two modes: both live (sk_live_, pk_live_) or both test (sk_test_, pk_test_)',
    });
  if (Boolean(env.SATISPAY_KEY_ID) !== Boolean(env.SATISPAY_PRIVATE_KEY))
    issues.push({
      path: [env.SATISPAY_KEY_ID ? 'SATISPAY_PRIVATE_KEY' : 'SATISPAY_KEY_ID'],
      message:
        "Satispay needs the key id it gave and the shop's RSA private key together (SATISPAY_KEY_ID and SATISPAY_PRIVATE_KEY)",
    });
  if (env.SATISPAY_PRIVATE_KEY && !isRsaPrivateKey(env.SATISPAY_PRIVATE_KEY))
    issues.push({
      path: ['SATISPAY_PRIVATE_KEY'],
      message:
        'the Satispay private key is not an RSA private key in PEM (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----, \\n allowed for newlines)',
    });
  if (demo && env.STRIPE_SECRET_KEY && isLiveStripeKey(env.STRIPE_SECRET_KEY))
    issues.push({
      path: ['DEMO_SHOP'],
      message:
        'a demo shop says no payment is real: it cannot have a live Stripe key (sk_live_); use a test key (sk_test_)',
    });
  if (
    demo &&
    isSatispayConfigured(env) &&
    new URL(env.SATISPAY_API_URL ?? `https://${SATISPAY_LIVE_HOST}`).host === SATISPAY_LIVE_HOST
  )
    issues.push({
      path: ['DEMO_SHOP'],
      message:
        'a demo shop says no payment is real: Satispay only on its staging API (SATISPAY_API_URL=https://staging.authservices.satispay.com)',
    });
  if (production && !demo && env.STRIPE_SECRET_KEY && !isLiveStripeKey(env.STRIPE_SECRET_KEY))
    issues.push({
      path: ['STRIPE_SECRET_KEY'],
      message:
        'a Stripe test key takes no real money: production needs the live key (sk_live_), or DEMO_SHOP=on for a demonstration shop',
    });
  if (production && !demo && env.PAYMENT_SANDBOX === 'on' && online)
    issues.push({
      path: ['PAYMENT_SANDBOX'],
      message:
        'the sandbox accepts public test cards: production runs it only in a demonstration shop (DEMO_SHOP=on), which says so on every page',
    });
  if (production && isSandboxOn(env) && !env.PAYMENT_SANDBOX_SECRET)
    issues.push({
      path: ['PAYMENT_SANDBOX_SECRET'],
      message: `the sandbox payment provider needs its own secret in production (${SANDBOX_SECRET_MIN_LENGTH} random characters or more)`,
    });
  const someProvider = isStripeConfigured(env) || isSatispayConfigured(env) || isSandboxOn(env);
  if (online && !someProvider)
    issues.push({
      path: ['ONLINE_PAYMENTS'],
      message: production
        ? 'no payment provider is configured: production starts with a real one configured completely (Stripe: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; Satispay: SATISPAY_KEY_ID and SATISPAY_PRIVATE_KEY), or with ONLINE_PAYMENTS=off (pay on delivery only), or as a demonstration shop on the sandbox (DEMO_SHOP=on, PAYMENT_SANDBOX=on and its own PAYMENT_SANDBOX_SECRET)'
        : 'no payment provider is configured: switch the sandbox on (PAYMENT_SANDBOX=on, the default), configure Stripe or Satispay, or set ONLINE_PAYMENTS=off (pay on delivery only)',
    });
  return issues;
}
