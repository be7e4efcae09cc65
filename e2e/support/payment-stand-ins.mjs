// The payment journeys' providers (decisions 080 and 082): the Stripe and Satispay stand-ins of the API's tests
// (apps/api/test/stand-ins), started over real HTTP on 127.0.0.1 beside the journey server that talks to them.
// They are TypeScript: loaded through tsx's API. Their clock is the server's (E2E_SERVER_CLOCK_SHIFT_MS): Stripe's
// webhook signatures and Satispay's signed `Date` are checked against it, and Checkout's expiry is set by it.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const standIns = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/api/test/stand-ins');
const load = (path) => tsImport(pathToFileURL(resolve(standIns, path)).href, import.meta.url);

/**
 * Starts both stand-ins for a shop served at `publicUrl` and answers the server's environment for them
 * (STRIPE_*, SATISPAY_*) and a `stop()`.
 */
export async function startPaymentStandIns({ publicUrl, shiftMs }) {
  const now = () => Date.now() + shiftMs;
  const { StripeStandIn } = await load('stripe/stripe-stand-in.ts');
  const { SatispayStandIn } = await load('satispay/satispay-stand-in.ts');
  const webhookSecret = `whsec_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
  const stripe = await StripeStandIn.start({
    now,
    webhookEndpoints: [{ url: `${publicUrl}/ebsn/api/payment/webhook/stripe`, secret: webhookSecret }],
  });
  const satispay = await SatispayStandIn.start({ now });
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  console.log(`[e2e server] Stripe stand-in on ${stripe.url}, Satispay stand-in on ${satispay.url}`);
  return {
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
      SATISPAY_KEY_ID: satispay.registerKey(keys.publicKey).keyId,
      SATISPAY_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
      SATISPAY_API_URL: satispay.url,
    },
    // each waits for its webhooks or callbacks in flight: at most 3 s (the server has stopped by then)
    stop: () =>
      Promise.race([
        Promise.allSettled([stripe.stop(), satispay.stop()]),
        new Promise((resolve) => setTimeout(resolve, 3000).unref()),
      ]),
  };
}
