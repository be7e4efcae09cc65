import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient, stripeHostOptions } from '../../../src/lib/stripe-client';
import { canonicalParams, parseFormBody } from './form-body';
import { StripeStandIn, type StripeStandInOptions } from './stripe-stand-in';

/**
 * The stand-in driven by the official SDK (through src/lib/stripe-client.ts) over real HTTP: every answer below is
 * parsed by the SDK, every error is the SDK's own class, every webhook is checked with the SDK's constructEvent.
 */
const SECRET = 'whsec_test_standin_0123456789abcdef';
const DAY = 24 * 60 * 60 * 1000;
let offset = 0;
const now = () => Date.now() + offset;

let standIn: StripeStandIn;
let stripe: Stripe;
const started: { close(): Promise<void> }[] = [];

async function start(options: StripeStandInOptions = {}): Promise<void> {
  standIn = await StripeStandIn.start({ now, ...options });
  stripe = await createStripeClient({ secretKey: standIn.secretKey, baseUrl: standIn.url });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Stripe.errors.StripeError,
  );

/** a manual-capture PaymentIntent authorised with the test Visa */
const authorised = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount,
    currency: 'eur',
    capture_method: 'manual',
    payment_method: 'pm_card_visa',
    confirm: true,
    metadata: { order_id: '1' },
    ...extra,
  });

interface Received {
  body: string;
  signature: string;
  id: string;
  type: string;
  status: string | undefined;
}

/** the shop's webhook endpoint: records what arrives, answers with `answer(n)` for the n-th delivery */
async function webhookReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data: { object: { status?: string } } };
      received.push({
        body,
        signature: String(req.headers['stripe-signature']),
        id: event.id,
        type: event.type,
        status: event.data.object.status,
      });
      res.writeHead(answer(received.length));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  started.push({ close });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`, received };
}

beforeEach(() => {
  offset = 0;
});

afterEach(async () => {
  await standIn?.stop();
  for (const s of started.splice(0)) await s.close();
});

describe('the client helper', () => {
  it('turns a base URL into the host, port and protocol the SDK takes', () => {
    expect(stripeHostOptions('http://127.0.0.1:12345')).toEqual({
      host: '127.0.0.1',
      port: '12345',
      protocol: 'http',
    });
    expect(stripeHostOptions('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
    expect(() => stripeHostOptions('http://127.0.0.1:1/v1')).toThrow(/without path/);
    expect(() => stripeHostOptions('ftp://127.0.0.1')).toThrow(/http or https/);
  });
});

describe('the request layer', () => {
  beforeEach(() => start());

  it('refuses a wrong secret key with 401, which the SDK raises as StripeAuthenticationError', async () => {
    const wrong = await createStripeClient({ secretKey: 'sk_test_wrong_key_000000', baseUrl: standIn.url });
    const error = await failure(wrong.paymentIntents.create({ amount: 1000, currency: 'eur' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_/);
  });

  it('parses bracketed form bodies as Stripe does, and compares parameters in any order', () => {
    expect(
      parseFormBody(
        'metadata[order_id]=1&payment_method_types[]=card&payment_method_types[]=link&line_items[0][quantity]=2',
      ),
    ).toEqual({
      metadata: { order_id: '1' },
      payment_method_types: ['card', 'link'],
      line_items: [{ quantity: '2' }],
    });
    expect(canonicalParams(parseFormBody('a=1&b[c]=2'))).toBe(canonicalParams(parseFormBody('b[c]=2&a=1')));
  });

  it('accepts a body written by another client (payment_method_types[]) and refuses an unknown parameter', async () => {
    const post = (body: string) =>
      fetch(`${standIn.url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${standIn.secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body,
      });
    const ok = await post('amount=1999&currency=eur&payment_method_types[]=card&metadata[order_id]=7');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      object: 'payment_intent',
      amount: 1999,
      payment_method_types: ['card'],
      metadata: { order_id: '7' },
      status: 'requires_payment_method',
    });
    const bad = await post('amount=1999&currency=eur&amout=5');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: expect.objectContaining({
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'amout',
      }) as unknown,
    });
  });

  it('answers 404 resource_missing for an unknown PaymentIntent', async () => {
    const error = await failure(stripe.paymentIntents.retrieve('pi_missing'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([error.statusCode, error.code, error.message]).toEqual([
      404,
      'resource_missing',
      "No such payment_intent: 'pi_missing'",
    ]);
  });
});

describe('a hold captured for the picked amount', () => {
  beforeEach(() => start());

  it('authorises, then captures less than held: amount_received is the capture, nothing left capturable', async () => {
    const held = await authorised(5000);
    expect([held.status, held.amount_capturable, held.amount_received]).toEqual([
      'requires_capture',
      5000,
      0,
    ]);
    expect(held.metadata).toEqual({ order_id: '1' });

    const captured = await stripe.paymentIntents.capture(held.id, { amount_to_capture: 4210 });
    expect([captured.status, captured.amount_received, captured.amount_capturable]).toEqual([
      'succeeded',
      4210,
      0,
    ]);
    const intent = await stripe.paymentIntents.retrieve(held.id, { expand: ['latest_charge'] });
    const charge = intent.latest_charge as Stripe.Charge;
    expect([charge.captured, charge.amount, charge.amount_captured]).toEqual([true, 5000, 4210]);
  });

  it('refuses a capture above the held amount with StripeInvalidRequestError, and the hold stays', async () => {
    const held = await authorised(5000);
    const error = await failure(stripe.paymentIntents.capture(held.id, { amount_to_capture: 5001 }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([error.statusCode, error.code, error.param]).toEqual([
      400,
      'amount_too_large',
      'amount_to_capture',
    ]);
    expect((await stripe.paymentIntents.retrieve(held.id)).status).toBe('requires_capture');
  });

  it('cancels before capture, then refuses a capture and a second cancel', async () => {
    const held = await authorised(3000);
    const canceled = await stripe.paymentIntents.cancel(held.id, {
      cancellation_reason: 'requested_by_customer',
    });
    expect([canceled.status, canceled.cancellation_reason, canceled.amount_capturable]).toEqual([
      'canceled',
      'requested_by_customer',
      0,
    ]);
    const capture = await failure(stripe.paymentIntents.capture(held.id));
    expect(capture).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(capture.code).toBe('payment_intent_unexpected_state');
    expect((await failure(stripe.paymentIntents.cancel(held.id))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });

  it('refuses to cancel once captured', async () => {
    const held = await authorised(3000);
    await stripe.paymentIntents.capture(held.id);
    const error = await failure(stripe.paymentIntents.cancel(held.id));
    expect([error.statusCode, error.code]).toEqual([400, 'payment_intent_unexpected_state']);
  });

  it('refunds in parts up to the captured amount and not beyond', async () => {
    const held = await authorised(5000);
    await stripe.paymentIntents.capture(held.id, { amount_to_capture: 3000 });
    const first = await stripe.refunds.create({ payment_intent: held.id, amount: 1000 });
    expect([first.object, first.status, first.amount, first.payment_intent]).toEqual([
      'refund',
      'succeeded',
      1000,
      held.id,
    ]);

    const tooMuch = await failure(stripe.refunds.create({ payment_intent: held.id, amount: 2001 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([tooMuch.code, tooMuch.param]).toEqual(['amount_too_large', 'amount']);

    await stripe.refunds.create({ payment_intent: held.id, amount: 2000 });
    const charge = await stripe.charges.retrieve(
      (await stripe.paymentIntents.retrieve(held.id)).latest_charge as string,
    );
    expect([charge.amount_captured, charge.amount_refunded, charge.refunded]).toEqual([3000, 3000, true]);
    expect((await failure(stripe.refunds.create({ payment_intent: held.id, amount: 1 }))).code).toBe(
      'charge_already_refunded',
    );
    expect((await stripe.refunds.list({ payment_intent: held.id })).data.map((r) => r.amount)).toEqual([
      2000, 1000,
    ]);
  });

  it('refuses to refund a hold that was not captured', async () => {
    const held = await authorised(3000);
    const error = await failure(stripe.refunds.create({ payment_intent: held.id }));
    expect([error.statusCode, error.code]).toEqual([400, 'charge_not_refundable']);
  });
});

describe('idempotency keys', () => {
  beforeEach(() => start());

  it('replays the first answer for the same key and parameters: one intent, one refund', async () => {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 2500,
      currency: 'eur',
      capture_method: 'manual',
    };
    const a = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt-1' });
    const b = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-7-attempt-1' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    const created = await stripe.events.list({ type: 'payment_intent.created' });
    expect(created.data.filter((e) => (e.data.object as Stripe.PaymentIntent).id === a.id)).toHaveLength(1);

    const held = await authorised(4000);
    await stripe.paymentIntents.capture(held.id, {}, { idempotencyKey: `capture-${held.id}` });
    const again = await stripe.paymentIntents.capture(held.id, {}, { idempotencyKey: `capture-${held.id}` });
    expect(again.status).toBe('succeeded');
    const r1 = await stripe.refunds.create(
      { payment_intent: held.id, amount: 500 },
      { idempotencyKey: 'refund-1' },
    );
    const r2 = await stripe.refunds.create(
      { payment_intent: held.id, amount: 500 },
      { idempotencyKey: 'refund-1' },
    );
    expect(r2.id).toBe(r1.id);
    expect((await stripe.refunds.list({ payment_intent: held.id })).data).toHaveLength(1);
  });

  it('refuses the same key with other parameters (StripeIdempotencyError) and on another endpoint', async () => {
    await stripe.paymentIntents.create({ amount: 2500, currency: 'eur' }, { idempotencyKey: 'k-1' });
    const other = await failure(
      stripe.paymentIntents.create({ amount: 2600, currency: 'eur' }, { idempotencyKey: 'k-1' }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect([other.statusCode, other.type]).toEqual([400, 'StripeIdempotencyError']);
    const elsewhere = await failure(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 },
          ],
        },
        { idempotencyKey: 'k-1' },
      ),
    );
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("keeps a declined card's answer: the retry is the same 402, not a second attempt", async () => {
    const options = { idempotencyKey: 'declined-1' };
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 2000,
      currency: 'eur',
      payment_method: 'pm_card_chargeDeclined',
      confirm: true,
    };
    const a = await failure(stripe.paymentIntents.create(params, options));
    const b = await failure(stripe.paymentIntents.create(params, options));
    expect([a.statusCode, b.statusCode]).toEqual([402, 402]);
    expect(b.headers?.['idempotent-replayed']).toBe('true');
    expect((await stripe.events.list({ type: 'payment_intent.payment_failed' })).data).toHaveLength(1);
  });

  it('a lost answer is retried by the SDK with its own key and replayed: one intent is created', async () => {
    standIn.dropResponses(1);
    const intent = await stripe.paymentIntents.create({
      amount: 1800,
      currency: 'eur',
      capture_method: 'manual',
    });
    const posts = standIn.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(posts.map((r) => [r.dropped, r.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(posts[0]!.idempotencyKey).toMatch(/^stripe-node-retry-/);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    const created = (await stripe.events.list({ type: 'payment_intent.created' })).data;
    expect(created.map((e) => (e.data.object as Stripe.PaymentIntent).id)).toEqual([intent.id]);
  });
});

describe('cards that decline or ask for 3D Secure', () => {
  beforeEach(() => start());

  it('a declined card answers 402 card_declined (StripeCardError) and the intent waits for another method', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      capture_method: 'manual',
    });
    const error = (await failure(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    )) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect([error.statusCode, error.code, error.decline_code]).toEqual([
      402,
      'card_declined',
      'generic_decline',
    ]);
    expect(error.payment_intent?.status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect([after.status, after.last_payment_error?.code]).toEqual([
      'requires_payment_method',
      'card_declined',
    ]);

    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(retried.status).toBe('requires_capture');
  });

  it('3D Secure: requires_action with a redirect, then the challenge completed sends the customer back authorised', async () => {
    const intent = await authorised(3500, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'https://spesa.example/ebsn/api/payment/stripe/return',
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('redirect_to_url');
    const challenge = intent.next_action!.redirect_to_url!.url!;
    expect(challenge.startsWith(standIn.url)).toBe(true);
    expect(await (await fetch(challenge)).text()).toContain('Complete authentication');

    const done = await fetch(challenge, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://spesa.example/ebsn/api/payment/stripe/return');
    expect([back.searchParams.get('payment_intent'), back.searchParams.get('redirect_status')]).toEqual([
      intent.id,
      'succeeded',
    ]);
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect([after.status, after.amount_capturable]).toEqual(['requires_capture', 3500]);
  });

  it('3D Secure failed: back to requires_payment_method with payment_intent_authentication_failure', async () => {
    const intent = await authorised(3500, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'https://spesa.example/r',
    });
    const url = intent.next_action!.redirect_to_url!.url!;
    const done = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'fail' }),
      redirect: 'manual',
    });
    expect(new URL(done.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect([after.status, after.last_payment_error?.code]).toEqual([
      'requires_payment_method',
      'payment_intent_authentication_failure',
    ]);
  });
});

describe('Checkout Sessions and the hosted page', () => {
  beforeEach(() => start());

  const createSession = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 1250, product_data: { name: 'Banane' } }, quantity: 2 },
        { price_data: { currency: 'eur', unit_amount: 399, product_data: { name: 'Latte' } }, quantity: 1 },
      ],
      payment_intent_data: { capture_method: 'manual', metadata: { order_id: '42' } },
      success_url: 'https://spesa.example/checkout/ok?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://spesa.example/checkout/ko',
      metadata: { order_id: '42' },
    });

  it('paid on the hosted page: redirects to success_url and leaves the intent authorised (requires_capture)', async () => {
    const session = await createSession();
    expect([session.object, session.status, session.amount_total, session.payment_intent]).toEqual([
      'checkout.session',
      'open',
      2899,
      null,
    ]);
    expect(session.url!.startsWith(standIn.url)).toBe(true);
    expect(await (await fetch(session.url!)).text()).toContain('pm_card_visa');

    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://spesa.example/checkout/ok?session=${session.id}`);

    const complete = await stripe.checkout.sessions.retrieve(session.id);
    expect([complete.status, complete.payment_status, complete.url]).toEqual(['complete', 'unpaid', null]);
    const intent = await stripe.paymentIntents.retrieve(complete.payment_intent as string);
    expect([intent.status, intent.amount_capturable, intent.capture_method, intent.metadata]).toEqual([
      'requires_capture',
      2899,
      'manual',
      { order_id: '42' },
    ]);
  });

  it('3D Secure on the hosted page: challenge, then back through Checkout to success_url', async () => {
    const session = await createSession();
    const pay = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'pm_card_authenticationRequired' }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const challenge = pay.headers.get('location')!;
    expect(challenge).toMatch(new RegExp(`^${standIn.url}/3d_secure/pi_`));
    const done = await fetch(challenge, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
      redirect: 'manual',
    });
    const back = await fetch(done.headers.get('location')!, { redirect: 'manual' });
    expect([back.status, back.headers.get('location')]).toEqual([
      303,
      `https://spesa.example/checkout/ok?session=${session.id}`,
    ]);
    const complete = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect([complete.status, (complete.payment_intent as Stripe.PaymentIntent).status]).toEqual([
      'complete',
      'requires_capture',
    ]);
  });

  it('a declined card stays on the page with its message and the session stays open', async () => {
    const session = await createSession();
    const declined = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card has insufficient funds.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});

describe('saved cards and off-session payments', () => {
  beforeEach(() => start());

  /** a Checkout payment that keeps the card for later (customer_creation=always, setup_future_usage) */
  async function savedOnCheckout(paymentMethod: string, o: { save?: boolean; customer?: boolean } = {}) {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'eur', unit_amount: 4200, product_data: { name: 'Spesa' } }, quantity: 1 },
      ],
      ...(o.customer === false ? {} : { customer_creation: 'always' as const }),
      payment_intent_data: {
        capture_method: 'manual',
        ...(o.save === false ? {} : { setup_future_usage: 'off_session' as const }),
      },
      success_url: 'https://spesa.example/ok?session={CHECKOUT_SESSION_ID}',
    });
    const paid = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: paymentMethod }),
      redirect: 'manual',
    });
    const challenge = paid.headers.get('location')!;
    if (challenge.includes('/3d_secure/')) {
      const done = await fetch(challenge, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'complete' }),
        redirect: 'manual',
      });
      await fetch(done.headers.get('location')!, { redirect: 'manual' });
    }
    const complete = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.paymentIntents.retrieve(complete.payment_intent as string);
    return { session: complete, intent };
  }

  const offSession = (customer: string, paymentMethod: string, key?: string) =>
    stripe.paymentIntents.create(
      {
        amount: 4200,
        currency: 'eur',
        capture_method: 'manual',
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { order_id: '7', attempt: '2' },
      },
      key ? { idempotencyKey: key } : {},
    );

  it('Checkout creates a Customer and saves the card on it; an off-session hold with it is authorised at once', async () => {
    const { session, intent } = await savedOnCheckout('pm_card_visa');
    expect(session.customer_creation).toBe('always');
    const customerId = session.customer as string;
    expect(customerId).toMatch(/^cus_/);
    expect(intent.customer).toBe(customerId);
    expect(intent.setup_future_usage).toBe('off_session');
    // the card typed on the page became a PaymentMethod of the customer's own, not the test id
    const pmId = intent.payment_method as string;
    expect(pmId).toMatch(/^pm_/);
    expect(pmId).not.toBe('pm_card_visa');
    const pm = await stripe.paymentMethods.retrieve(pmId);
    expect([pm.customer, pm.type, pm.card?.last4]).toEqual([customerId, 'card', '4242']);
    expect((await stripe.customers.retrieve(customerId)).id).toBe(customerId);

    const renewed = await offSession(customerId, pmId);
    expect([renewed.status, renewed.amount_capturable, renewed.customer, renewed.payment_method]).toEqual([
      'requires_capture',
      4200,
      customerId,
      pmId,
    ]);
    const charge = await stripe.charges.retrieve(renewed.latest_charge as string);
    expect(charge.payment_method_details?.card?.capture_before).toBeGreaterThan(Math.floor(now() / 1000));
  });

  it('a card that always asks for 3D Secure is refused off-session: 402 authentication_required, the intent waits', async () => {
    const { session, intent } = await savedOnCheckout('pm_card_authenticationRequired');
    expect(intent.status).toBe('requires_capture');
    const error = (await failure(
      offSession(session.customer as string, intent.payment_method as string, 'renewal-1'),
    )) as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect([error.statusCode, error.code, error.decline_code]).toEqual([
      402,
      'authentication_required',
      'authentication_required',
    ]);
    const refused = error.payment_intent!;
    expect(refused.status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(refused.id);
    expect([after.status, after.last_payment_error?.code]).toEqual([
      'requires_payment_method',
      'authentication_required',
    ]);
    // the same key again: the same refusal, no second attempt
    const again = (await failure(
      offSession(session.customer as string, intent.payment_method as string, 'renewal-1'),
    )) as Stripe.errors.StripeCardError;
    expect(again.payment_intent?.id).toBe(refused.id);

    // a card that asks for it only until set up for off-session use is authorised
    const onSetup = await savedOnCheckout('pm_card_authenticationRequiredOnSetup');
    const ok = await offSession(onSetup.session.customer as string, onSetup.intent.payment_method as string);
    expect(ok.status).toBe('requires_capture');
  });

  it("the test control refuses a saved card's next off-session use once; bad requests are refused", async () => {
    const { session, intent } = await savedOnCheckout('pm_card_visa');
    const customer = session.customer as string;
    const pm = intent.payment_method as string;
    standIn.failNextOffSessionUse(pm, 'card_declined');
    const declined = (await failure(offSession(customer, pm))) as Stripe.errors.StripeCardError;
    expect([declined.statusCode, declined.code, declined.decline_code]).toEqual([
      402,
      'card_declined',
      'generic_decline',
    ]);
    expect((await offSession(customer, pm)).status).toBe('requires_capture');

    // another customer's card, an unknown customer, off_session without confirm
    const other = await stripe.customers.create({ email: 'altro@spesa.example' });
    const wrongOwner = await failure(offSession(other.id, pm));
    expect([wrongOwner.statusCode, wrongOwner.param]).toEqual([400, 'payment_method']);
    const unknown = await failure(offSession('cus_nobody000000', pm));
    expect([unknown.statusCode, unknown.code, unknown.param]).toEqual([400, 'resource_missing', 'customer']);
    const unconfirmed = await failure(
      stripe.paymentIntents.create({
        amount: 4200,
        currency: 'eur',
        customer,
        payment_method: pm,
        off_session: true,
      }),
    );
    expect([unconfirmed.statusCode, unconfirmed.param]).toEqual([400, 'off_session']);
  });

  it('without customer_creation no Customer is made; without setup_future_usage nothing is saved', async () => {
    const noCustomer = await savedOnCheckout('pm_card_visa', { customer: false });
    expect(noCustomer.session.customer).toBeNull();
    expect(noCustomer.intent.customer).toBeNull();
    const notSaved = await savedOnCheckout('pm_card_visa', { save: false });
    expect(notSaved.session.customer).toMatch(/^cus_/);
    expect([notSaved.intent.setup_future_usage, notSaved.intent.payment_method]).toEqual([
      null,
      'pm_card_visa',
    ]);
    expect(standIn['customers'].paymentMethods.size).toBe(1);
  });
});

describe('webhooks', () => {
  it("are signed with Stripe's scheme: the SDK's constructEvent accepts them and refuses a tampered body", async () => {
    const shop = await webhookReceiver();
    await start({ webhookEndpoints: [{ url: shop.url, secret: SECRET }] });
    const held = await authorised(5000);
    await standIn.webhooks.idle();
    expect(shop.received.map((r) => r.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.amount_capturable_updated',
    ]);

    const { body, signature } = shop.received[2]!;
    const event = stripe.webhooks.constructEvent(body, signature, SECRET);
    expect(event.type).toBe('payment_intent.amount_capturable_updated');
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(held.id);
    // the scheme written out: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')).toBe(v1);

    const tampered = body.replace('"amount": 5000', '"amount": 1');
    expect(tampered).not.toBe(body);
    expect(() => stripe.webhooks.constructEvent(tampered, signature, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_another_endpoint')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('held back, then delivered out of order and twice: each event carries the state of its own moment', async () => {
    const shop = await webhookReceiver();
    await start({ webhookEndpoints: [{ url: shop.url, secret: SECRET }], holdWebhooks: true });
    const held = await authorised(5000);
    await stripe.paymentIntents.capture(held.id, { amount_to_capture: 4000 });
    expect(shop.received).toHaveLength(0);

    await standIn.webhooks.release('reverse');
    expect(shop.received.map((r) => [r.type, r.status])).toEqual([
      ['payment_intent.succeeded', 'succeeded'],
      ['charge.captured', 'succeeded'],
      ['payment_intent.amount_capturable_updated', 'requires_capture'],
      ['charge.succeeded', 'succeeded'],
      ['payment_intent.created', 'requires_confirmation'],
    ]);

    const succeeded = standIn.webhooks.ofType('payment_intent.succeeded')[0]!;
    await standIn.webhooks.deliver(succeeded.id);
    const copies = shop.received.filter((r) => r.id === succeeded.id);
    expect(copies).toHaveLength(2);
    for (const copy of copies)
      expect(stripe.webhooks.constructEvent(copy.body, copy.signature, SECRET).id).toBe(succeeded.id);
  });

  it('a delivery signed long ago is refused by constructEvent (outside the 300 s tolerance)', async () => {
    const shop = await webhookReceiver();
    await start({ webhookEndpoints: [{ url: shop.url, secret: SECRET }], holdWebhooks: true });
    await authorised(5000);
    const event = standIn.webhooks.ofType('payment_intent.amount_capturable_updated')[0]!;
    await standIn.webhooks.deliver(event.id, { signatureTimestamp: Math.floor(Date.now() / 1000) - 301 });
    const late = shop.received[0]!;
    expect(() => stripe.webhooks.constructEvent(late.body, late.signature, SECRET)).toThrow(/tolerance/);
    await standIn.webhooks.deliver(event.id);
    expect(
      stripe.webhooks.constructEvent(shop.received[1]!.body, shop.received[1]!.signature, SECRET).id,
    ).toBe(event.id);
  });

  it('a non-2xx answer is retried with backoff, a bounded number of times', async () => {
    const flaky = await webhookReceiver((n) => (n <= 2 ? 500 : 200));
    const down = await webhookReceiver(() => 503);
    await start({
      webhookEndpoints: [
        { url: flaky.url, secret: SECRET, enabledEvents: ['payment_intent.succeeded'] },
        { url: down.url, secret: SECRET, enabledEvents: ['payment_intent.succeeded'] },
      ],
      webhookRetry: { maxAttempts: 4, baseDelayMs: 10 },
    });
    await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    await standIn.webhooks.idle();
    const attempts = standIn.webhooks.attempts();
    expect(attempts.filter((a) => a.url === flaky.url).map((a) => a.status)).toEqual([500, 500, 200]);
    expect(attempts.filter((a) => a.url === down.url).map((a) => a.status)).toEqual([503, 503, 503, 503]);
    expect(standIn.webhooks.ofType('payment_intent.succeeded')[0]!.pending_webhooks).toBe(1);
  });
});

describe('the lapse of an uncaptured authorisation', () => {
  it('cancels a hold older than the lapse with cancellation_reason automatic; a younger one stays', async () => {
    await start();
    const old = await authorised(5000);
    const charge = await stripe.charges.retrieve(old.latest_charge as string);
    expect(charge.payment_method_details?.card?.capture_before).toBe(charge.created + (7 * DAY) / 1000);

    offset = 6 * DAY;
    const young = await authorised(2000);
    expect((await stripe.paymentIntents.retrieve(old.id)).status).toBe('requires_capture');

    offset = 7 * DAY + 1000;
    const lapsed = await stripe.paymentIntents.retrieve(old.id);
    expect([lapsed.status, lapsed.cancellation_reason, lapsed.amount_capturable]).toEqual([
      'canceled',
      'automatic',
      0,
    ]);
    expect((await stripe.paymentIntents.retrieve(young.id)).status).toBe('requires_capture');
    const canceled = await stripe.events.list({ type: 'payment_intent.canceled' });
    expect(
      canceled.data.map((e) => [(e.data.object as Stripe.PaymentIntent).id, e.request?.id ?? null]),
    ).toEqual([[old.id, null]]);
    expect((await failure(stripe.paymentIntents.capture(old.id))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });
});
