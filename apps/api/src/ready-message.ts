import {
  areDemoAccountsOn,
  areOnlinePaymentsOn,
  isDemoShop,
  isDevMailboxOn,
  isSandboxOn,
  isSatispayConfigured,
  isStripeConfigured,
  publicUrlOf,
  type Env,
} from './env';

/** Where the shop is and what is open, said once at start-up. */
export function readyMessage(env: Env, started: number): string {
  const everyInterface = env.HOST === '0.0.0.0' || env.HOST === '::';
  // the address the sign-in providers send the browser back to: opened from elsewhere (127.0.0.1 for
  // localhost), a social sign-in would end on another origin, inside its popup
  const base = publicUrlOf(env);
  const lines = [
    `Spesa is ready in ${Math.round(performance.now() - started)} ms: ${base}`,
    `  listening on ${env.HOST}:${env.PORT} (${everyInterface ? 'every network interface' : 'this address only; set HOST=0.0.0.0 to open it to the network'})${env.WORKERS > 1 ? `, ${env.WORKERS} processes` : ''}`,
    `  API docs: ${base}/ebsn/api/docs`,
    `  back office: ${base}/admin (staff sign in with a password and an authenticator code)`,
  ];
  if (isDevMailboxOn(env))
    lines.push(
      `  development mailbox (every mail, reset links included; this machine only): ${base}/dev/mailbox`,
    );
  if (areDemoAccountsOn(env))
    lines.push('  demo accounts are seeded (README, "Demo accounts"): not for a public shop');
  lines.push(`  payments: ${paymentsLine(env)}`);
  if (isDemoShop(env))
    lines.push('  a demonstration shop (DEMO_SHOP): every page and the order e-mails say no payment is real');
  return lines.join('\n');
}

/** Who takes the online payments (decision 084). */
function paymentsLine(env: Env): string {
  if (!areOnlinePaymentsOn(env)) return 'on delivery only (ONLINE_PAYMENTS=off)';
  const stripeMode = env.STRIPE_SECRET_KEY?.includes('_live_') ? 'live' : 'test';
  return [
    ...(isStripeConfigured(env) ? [`Stripe (${stripeMode} key)`] : []),
    ...(isSatispayConfigured(env) ? ['Satispay'] : []),
    ...(isSandboxOn(env)
      ? [
          `the sandbox provider (test cards only), key ${env.PAYMENT_SANDBOX_SECRET ? 'from PAYMENT_SANDBOX_SECRET' : 'generated for this database'}`,
        ]
      : []),
  ].join(', ');
}

/** The line a process prints once the start-up drawing of the current leaflets' files is over (bench/src/lib.ts). */
export const LEAFLETS_DRAWN_LINE = 'Leaflet files ready';

export const leafletsDrawnMessage = (drawn: number, ms: number): string =>
  `${LEAFLETS_DRAWN_LINE}: ${drawn} leaflet${drawn === 1 ? '' : 's'} drawn in ${(ms / 1000).toFixed(1)} s`;
