import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { SANDBOX_TEST_CARDS, SandboxPaymentProvider, cardBrandOf, luhnValid } from './sandbox.provider';

const NOW = new Date('2027-03-01T07:00:00Z');
// signing and the card rules never reach the sandbox's ledger (its database side is tested through the API)
const noDb = {} as Db;
const SECRET = 'test-secret-0123456789abcdefghijk';
const provider = new SandboxPaymentProvider(noDb, { secret: SECRET, now: () => NOW });
const input = {
  orderId: 42,
  attempt: 1,
  amountCents: 12_345,
  currency: 'EUR' as const,
  description: 'Ordine 42 - Spesa',
  feedbackUrl: '/ebsn/api/payment/feedback/sandbox',
};

describe('sandbox payment provider', () => {
  it.each([
    { card: SANDBOX_TEST_CARDS.success, back: 'success', hook: 'success' },
    { card: SANDBOX_TEST_CARDS.declined, back: 'declined', hook: 'declined' },
    { card: SANDBOX_TEST_CARDS.insufficientFunds, back: 'declined', hook: 'declined' },
    { card: SANDBOX_TEST_CARDS.pending, back: 'pending', hook: 'success' },
    { card: '5555 5555 5555 4444', back: 'declined', hook: 'declined' },
  ])('test card $card: return $back, webhook $hook', ({ card, back, hook }) => {
    const d = provider.decide(card);
    expect(d?.returnOutcome).toBe(back);
    expect(d?.webhookOutcome).toBe(hook);
    expect(d?.cardLast4).toBe(card.replace(/\s/g, '').slice(-4));
  });

  it('refuses numbers that are not card numbers (Luhn), and guesses the brand from the prefix', () => {
    expect(provider.decide('4242424242424241')).toBeNull();
    expect(provider.decide('abc')).toBeNull();
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(cardBrandOf('5555555555554444')).toBe('Mastercard');
    expect(cardBrandOf('378282246310005')).toBe('American Express');
  });

  it('opens only its own signed sessions, for the reference they name', async () => {
    const s = await provider.startSession(input);
    const token = new URL(s.redirectUrl, 'http://x').searchParams.get('t') ?? '';
    expect(provider.openSession(s.providerRef, token)).toMatchObject({ orderId: 42, amountCents: 12_345 });
    expect(provider.openSession('sbx_000000000000000000000000', token)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ r: s.providerRef, o: 42, n: 1, a: 1, d: 'x', f: '/' })).toString('base64url')}.${sig}`;
    expect(provider.openSession(s.providerRef, forged)).toBeNull();
    expect(provider.openSession(s.providerRef, `${payload}.${'0'.repeat(64)}`)).toBeNull();
    const other = new SandboxPaymentProvider(noDb, {
      secret: 'another-secret-0123456789abcdefgh',
      now: () => NOW,
    });
    expect(other.openSession(s.providerRef, token)).toBeNull();
    // a repeated buy resumes the same page
    expect((await provider.resumeSession(s.providerRef, input))?.redirectUrl).toBe(s.redirectUrl);
  });

  it('verifies the signed return and webhook; any change of outcome or body breaks the signature', async () => {
    const s = await provider.startSession(input);
    const token = new URL(s.redirectUrl, 'http://x').searchParams.get('t') ?? '';
    const session = provider.openSession(s.providerRef, token);
    if (!session) throw new Error('no session');
    const back = new URL(provider.returnUrl(session, 'success'), 'http://x');
    const q = Object.fromEntries(back.searchParams.entries());
    expect(await provider.verifyReturn(q)).toMatchObject({ providerRef: s.providerRef, outcome: 'success' });
    expect(await provider.verifyReturn({ ...q, outcome: 'declined' })).toBeNull();
    const late = new SandboxPaymentProvider(noDb, {
      secret: SECRET,
      now: () => new Date(NOW.getTime() + 2 * 86_400_000),
    });
    expect(await late.verifyReturn(q)).toBeNull();
    const hook = provider.webhook(session, 'success', { cardBrand: 'Visa', cardLast4: '4242' });
    const webhook = (rawBody: string, signature: string | undefined) =>
      provider.verifyWebhook({ rawBody, headers: { 'x-sandbox-signature': signature }, query: {} });
    expect(await webhook(hook.raw, hook.signature)).toMatchObject({
      outcome: 'success',
      cardLast4: '4242',
    });
    expect(await webhook(hook.raw.replace('4242', '0000'), hook.signature)).toBeNull();
    expect(await webhook(hook.raw, undefined)).toBeNull();
    expect(hook.raw).not.toContain('4242424242424242');
  });

  it('has no key of its own: a secret is required, and one under 32 characters is refused', () => {
    expect(() => new SandboxPaymentProvider(noDb, { secret: '' })).toThrow();
    expect(() => new SandboxPaymentProvider(noDb, { secret: 'short' })).toThrow();
    expect(() => new SandboxPaymentProvider(noDb, { secret: 'x'.repeat(31) })).toThrow(
      /32 characters or more/,
    );
    expect(() => new SandboxPaymentProvider(noDb, { secret: 'x'.repeat(32) })).not.toThrow();
  });
});
