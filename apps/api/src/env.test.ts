import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areOnlinePaymentsOn, isDemoShop, isSandboxOn, loadEnv } from './env';

/** Safe defaults of `npm start` and the settings a shop refuses to start without. */
/** A real chain's invoice settings (decision 087): its own partita IVA and the intermediary's channel. */
const chainInvoices = {
  INVOICE_SELLER_VAT_NUMBER: '12345678903',
  INVOICE_SDI_URL: 'https://sdi.intermediario.example/api',
  INVOICE_SDI_TOKEN: 'token-of-the-chain',
};

describe('configuration', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('draws the stores on a plain plot unless a tile server with {z}/{x}/{y} is configured', () => {
    expect(loadEnv({}).MAP_TILES_URL).toBeUndefined();
    expect(loadEnv({}).MAP_TILES_ATTRIBUTION).toBe('© Contributori di OpenStreetMap');
    expect(loadEnv({ MAP_TILES_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).MAP_TILES_URL).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    expect(() => loadEnv({ MAP_TILES_URL: 'https://tile.openstreetmap.org/tiles.png' })).toThrow(
      /MAP_TILES_URL: a tile address names \{z\}, \{x\} and \{y\}/,
    );
    expect(() => loadEnv({ MAP_TILES_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL/,
    );
  });

  it('runs one process by default; several need PostgreSQL', () => {
    expect(loadEnv({}).WORKERS).toBe(1);
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(/WORKERS: several processes need PostgreSQL/);
    expect(loadEnv({ WORKERS: '2', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/spesa' }).WORKERS).toBe(2);
  });

  it('has no payment key of its own: outside production the key is generated, in production it is required', () => {
    expect(loadEnv({}).PAYMENT_SANDBOX_SECRET).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadEnv({ PAYMENT_SANDBOX: 'off' })).toThrow(
      /ONLINE_PAYMENTS: no payment provider is configured: switch the sandbox on/,
    );
  });

  it('takes a sandbox payment key of 32 characters or more, and says so when one is shorter', () => {
    expect(() => loadEnv({ PAYMENT_SANDBOX_SECRET: 'x'.repeat(20) })).toThrow(
      /PAYMENT_SANDBOX_SECRET: the sandbox payment secret must have 32 characters or more/,
    );
    expect(loadEnv({ PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }).PAYMENT_SANDBOX_SECRET).toHaveLength(32);
  });

  it("keeps the key of the staff's authenticator secrets outside the database in production", () => {
    expect(loadEnv({}).STAFF_TOTP_KEY).toBeUndefined();
    const production = {
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_SECRET: 'x'.repeat(32),
      DEMO_SHOP: 'on',
    };
    expect(() => loadEnv(production)).toThrow(/STAFF_TOTP_KEY/);
    expect(() => loadEnv({ ...production, STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
    expect(loadEnv({ ...production, STAFF_TOTP_KEY: 'k'.repeat(32) }).NODE_ENV).toBe('production');
  });
});

/** Going live (decision 084): real money only through a real provider configured completely, or none at all. */
describe('payment settings', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x',
    STAFF_TOTP_KEY: 'k'.repeat(40),
    ...chainInvoices,
  };
  const stripeLive = {
    STRIPE_SECRET_KEY: 'sk_live_51abcdefghijkl',
    STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijkl',
  };
  const stripeTest = {
    STRIPE_SECRET_KEY: 'sk_test_51abcdefghijkl',
    STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijkl',
  };
  // one line, as an environment file holds it
  const satispay = { SATISPAY_KEY_ID: 'key-id-of-the-shop', SATISPAY_PRIVATE_KEY: pem.replace(/\n/g, '\\n') };
  const sandboxDemo = { DEMO_SHOP: 'on', PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_SECRET: 'x'.repeat(40) };

  it('npm start on a fresh machine: the sandbox on, a demonstration shop, online payment on', () => {
    const env = loadEnv({});
    expect([isSandboxOn(env), isDemoShop(env), areOnlinePaymentsOn(env)]).toEqual([true, true, true]);
    expect(isDemoShop(loadEnv({ DEMO_SHOP: 'off' }))).toBe(false);
  });

  it('production starts with live Stripe, with Satispay, or paying on delivery only; the sandbox then off', () => {
    for (const settings of [
      stripeLive,
      satispay,
      { ONLINE_PAYMENTS: 'off' },
      { ...stripeLive, ...satispay },
    ]) {
      const env = loadEnv({ ...production, ...settings });
      expect([isSandboxOn(env), isDemoShop(env)]).toEqual([false, false]);
    }
    expect(areOnlinePaymentsOn(loadEnv({ ...production, ONLINE_PAYMENTS: 'off' }))).toBe(false);
  });

  it('production without a real provider, or with online payment on and nothing to take it, refuses to start', () => {
    expect(() => loadEnv(production)).toThrow(
      /ONLINE_PAYMENTS: no payment provider is configured: production starts with a real one configured completely/,
    );
    expect(() => loadEnv({ ...production, ONLINE_PAYMENTS: 'on' })).toThrow(/ONLINE_PAYMENTS=off/);
  });

  it('production refuses a Stripe test key unless it is a demonstration shop', () => {
    expect(() => loadEnv({ ...production, ...stripeTest })).toThrow(
      /STRIPE_SECRET_KEY: a Stripe test key takes no real money: production needs the live key \(sk_live_\)/,
    );
    const demo = loadEnv({ ...production, ...stripeTest, DEMO_SHOP: 'on' });
    expect([isDemoShop(demo), isSandboxOn(demo)]).toEqual([true, false]);
  });

  it('production runs the sandbox only in a demonstration shop, with its own secret', () => {
    expect(() =>
      loadEnv({ ...production, PAYMENT_SANDBOX: 'on', PAYMENT_SANDBOX_SECRET: 'x'.repeat(40) }),
    ).toThrow(
      /PAYMENT_SANDBOX: the sandbox accepts public test cards: production runs it only in a demonstration shop \(DEMO_SHOP=on\)/,
    );
    expect(() => loadEnv({ ...production, ...sandboxDemo, PAYMENT_SANDBOX_SECRET: '' })).toThrow(
      /PAYMENT_SANDBOX_SECRET: the sandbox payment provider needs its own secret in production/,
    );
    // a demo flag alone does not switch the sandbox on in production
    expect(() => loadEnv({ ...production, DEMO_SHOP: 'on' })).toThrow(/no payment provider is configured/);
    const demo = loadEnv({ ...production, ...sandboxDemo });
    expect([isSandboxOn(demo), isDemoShop(demo)]).toEqual([true, true]);
    // a real provider beside the demo's sandbox: a live shop that also takes test cards
    expect(() =>
      loadEnv({
        ...production,
        ...stripeLive,
        PAYMENT_SANDBOX: 'on',
        PAYMENT_SANDBOX_SECRET: 'x'.repeat(40),
      }),
    ).toThrow(/PAYMENT_SANDBOX: the sandbox accepts public test cards/);
  });

  it('a demonstration shop takes no real money: no live Stripe key, Satispay only on its staging API', () => {
    expect(() => loadEnv({ ...stripeLive, DEMO_SHOP: 'on' })).toThrow(
      /DEMO_SHOP: a demo shop says no payment is real: it cannot have a live Stripe key/,
    );
    expect(() => loadEnv({ ...satispay, DEMO_SHOP: 'on' })).toThrow(/Satispay only on its staging API/);
    const staging = {
      ...satispay,
      DEMO_SHOP: 'on',
      SATISPAY_API_URL: 'https://staging.authservices.satispay.com',
    };
    expect(isDemoShop(loadEnv(staging))).toBe(true);
  });

  it('refuses incomplete provider settings in any mode, saying what is missing', () => {
    for (const mode of [{}, production]) {
      expect(() => loadEnv({ ...mode, STRIPE_SECRET_KEY: stripeLive.STRIPE_SECRET_KEY })).toThrow(
        /STRIPE_WEBHOOK_SECRET: Stripe needs its secret key and the signing secret of the webhook endpoint together/,
      );
      expect(() => loadEnv({ ...mode, STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijkl' })).toThrow(
        /STRIPE_SECRET_KEY: Stripe needs/,
      );
      expect(() => loadEnv({ ...mode, STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcdefghijkl' })).toThrow(
        /STRIPE_PUBLISHABLE_KEY: a Stripe publishable key without its secret key/,
      );
      expect(() =>
        loadEnv({ ...mode, ...stripeLive, STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcdefghijkl' }),
      ).toThrow(/the Stripe keys are of two modes/);
      expect(() => loadEnv({ ...mode, SATISPAY_KEY_ID: 'key-id' })).toThrow(
        /SATISPAY_PRIVATE_KEY: Satispay needs the key id it gave and the shop's RSA private key together/,
      );
      expect(() => loadEnv({ ...mode, SATISPAY_PRIVATE_KEY: satispay.SATISPAY_PRIVATE_KEY })).toThrow(
        /SATISPAY_KEY_ID: Satispay needs/,
      );
      expect(() => loadEnv({ ...mode, ...satispay, SATISPAY_PRIVATE_KEY: 'not a key' })).toThrow(
        /SATISPAY_PRIVATE_KEY: the Satispay private key is not an RSA private key in PEM/,
      );
    }
    // an elliptic-curve key signs, but not as Satispay asks
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => loadEnv({ ...satispay, SATISPAY_PRIVATE_KEY: ec.toString() })).toThrow(
      /not an RSA private key/,
    );
  });

  it('online payment off switches the sandbox off too, in development as well', () => {
    const env = loadEnv({ ONLINE_PAYMENTS: 'off' });
    expect([areOnlinePaymentsOn(env), isSandboxOn(env), isDemoShop(env)]).toEqual([false, false, false]);
  });

  it('the server refuses to go live on a Stripe test key: it says why and exits 1', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH, ...production, ...stripeTest },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/STRIPE_SECRET_KEY: a Stripe test key takes no real money/);
    expect(run.stdout).not.toMatch(/Spesa is ready/);
  });
});

/** Invoices in production (decision 087): the chain's own data, sent to the SDI; a demo shop keeps them local. */
describe('invoice settings', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x',
    STAFF_TOTP_KEY: 'k'.repeat(40),
    ONLINE_PAYMENTS: 'off',
  };

  it('production refuses the demo seller and a shop whose invoices reach no SDI channel', () => {
    expect(() => loadEnv({ ...production, INVOICE_SDI_URL: chainInvoices.INVOICE_SDI_URL })).toThrow(
      /INVOICE_SELLER_VAT_NUMBER: the invoices' seller is the demo company/,
    );
    expect(() =>
      loadEnv({ ...production, INVOICE_SELLER_VAT_NUMBER: chainInvoices.INVOICE_SELLER_VAT_NUMBER }),
    ).toThrow(/INVOICE_SDI_URL: invoices must reach the exchange system \(SDI\) in production/);
    expect(loadEnv({ ...production, ...chainInvoices }).INVOICE_SDI_URL).toBe(chainInvoices.INVOICE_SDI_URL);
  });

  it('a demo shop starts with the demo seller and keeps its invoices local', () => {
    const demo = loadEnv({
      ...production,
      ONLINE_PAYMENTS: undefined,
      DEMO_SHOP: 'on',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_SECRET: 'x'.repeat(40),
    });
    expect([demo.INVOICE_SELLER_VAT_NUMBER, demo.INVOICE_SDI_URL]).toEqual(['01234560587', undefined]);
  });
});
