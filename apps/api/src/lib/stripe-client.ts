import type Stripe from 'stripe';

/**
 * Builds the official Stripe SDK's client (decision 080). The API version is pinned to the one the installed SDK
 * is typed for, so an SDK upgrade that moves it is a change the compiler shows here. `baseUrl` points the SDK at
 * another host (the stand-in of apps/api/test/stand-ins/stripe in tests); without it the SDK talks to
 * https://api.stripe.com. The SDK sends an Idempotency-Key on every POST and retries connection errors, 409 and 5xx
 * with that same key: a retry never moves money twice. The SDK (about a seventh of a second to load) is loaded when
 * a client is made: a shop without Stripe configured never loads it.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripeClientOptions {
  secretKey: string;
  /** e.g. `http://127.0.0.1:12345`; null or absent for Stripe itself */
  baseUrl?: string | null;
  /** automatic retries of a failed call, each with the same idempotency key (default 2) */
  maxNetworkRetries?: number;
  /** per request, in milliseconds (SDK default 80 s) */
  timeoutMs?: number;
}

/** host, port and protocol of a base URL, the three constructor options the SDK takes instead of a URL */
export function stripeHostOptions(baseUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(baseUrl);
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https')
    throw new Error(`Stripe base URL must be http or https: ${baseUrl}`);
  if (url.pathname !== '/' || url.search || url.hash || url.username)
    throw new Error(`Stripe base URL must be an origin without path, query or credentials: ${baseUrl}`);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
  };
}

export async function createStripeClient(options: StripeClientOptions): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    ...(options.baseUrl ? stripeHostOptions(options.baseUrl) : {}),
    typescript: true,
    // no latency telemetry header to Stripe: nothing but the request itself leaves the shop
    telemetry: false,
  });
}
