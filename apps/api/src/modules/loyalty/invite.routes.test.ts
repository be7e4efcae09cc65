import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import type { UserGiftCertificates } from '@spesa/shared/contracts/gift-certificates';
import type { InviteView } from '@spesa/shared/contracts/invite';
import { INVITE_PROGRAMME } from '@spesa/shared/loyalty/invite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, checkoutCustomer, driveSlot, preparedCart, testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, lastMailTo, type TestApp } from '../../../test/helper';
import { placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { INVITE_TEXT } from './loyalty.messages';

/**
 * Invite a friend (decision 045): the code and link, joining with a friend's code (refusals change nothing),
 * the friend's first-order certificate, the inviter's voucher after the friend's delivered order (job and
 * sweep, idempotent, at most 10, none for the same person), concurrency. Runs on both engines.
 */
let t: TestApp;
let clock = new Date('2027-03-01T07:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, runJobs: false });
});
afterAll(async () => t?.close());

type Customer = { userId: number; token: string; email: string };
const view = (c: Customer) => callAs<InviteView>(t.app, c.token, 'GET', api('/loyalty/invite'), {});
const join = (c: Customer, code: unknown) =>
  callAs<InviteView>(t.app, c.token, 'POST', api('/loyalty/invite/join'), { payload: { code } });
const codeOf = async (c: Customer) => (await view(c)).body.data.code;
const certificatesOf = async (userId: number) =>
  queryRows<{
    id: number;
    code: string;
    kind: string;
    value: number;
    firstOrderOnly: boolean;
    source: string;
  }>(
    t.db,
    sql`SELECT gift_certificate_id AS id, code, kind, value, first_order_only AS "firstOrderOnly", source
        FROM gift_certificates WHERE owner_user_id = ${userId} ORDER BY gift_certificate_id`,
  );
const referralOf = async (friendUserId: number) =>
  (
    await queryRows<{
      state: string;
      reason: string | null;
      voucherNo: number | null;
      orderId: number | null;
    }>(
      t.db,
      sql`SELECT state, no_reward_reason AS reason, voucher_no AS "voucherNo", friend_order_id AS "orderId"
          FROM invite_referrals WHERE friend_user_id = ${friendUserId}`,
    )
  )[0];
const line = async () => [{ product: await testProduct(t.db, { stock: 50, priceCents: 250 }), quantity: 1 }];
/** an order of the friend, out for delivery, then delivered by staff (the status listener enqueues the job) */
async function deliver(userId: number): Promise<number> {
  const order = await placeOrder(t, { userId, status: 7, lines: await line() });
  const moved = await t.app.orderStatus.transition(
    {
      orderId: order.orderId,
      from: 7,
      to: 8,
      actor: 'staff',
    },
    t.db,
  );
  expect(moved.ok).toBe(true);
  return order.orderId;
}

describe('the customer’s invite code', () => {
  it('is made on first view, kept, and comes with the programme’s terms', async () => {
    const a = await newCustomer(t, { tag: 'inv-code' });
    const first = await view(a);
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({
      path: `/invito/${first.body.data.code}`,
      open: true,
      endsOn: INVITE_PROGRAMME.endsOn,
      discountPercent: 10,
      maxVouchers: 10,
      vouchersEarned: 0,
      friends: [],
      canJoin: true,
      joinedWith: null,
    });
    expect(first.body.data.code).toMatch(/^AMICO-[A-HJKMNP-Z2-9]{6}$/);
    expect(await codeOf(a)).toBe(first.body.data.code);
  });

  it('answers 401 without a session', async () => {
    expect((await callAs(t.app, null, 'GET', api('/loyalty/invite'), {})).statusCode).toBe(401);
    const res = await callAs(t.app, null, 'POST', api('/loyalty/invite/join'), {
      payload: { code: 'AMICO-ABCDEF' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('joining with a friend’s code', () => {
  it('gives the new customer a 10 % certificate for the first order; the inviter sees a friend waiting', async () => {
    const a = await newCustomer(t, { tag: 'inv-a' });
    const b = await newCustomer(t, { tag: 'inv-b' });
    const code = await codeOf(a);
    const res = await join(b, ` ${code.toLowerCase()} `);
    expect(res.body.response.status).toBe(0);
    const [cert] = await certificatesOf(b.userId);
    expect(cert).toMatchObject({ kind: 'percent', value: 1000, firstOrderOnly: true, source: 'invite' });
    expect(res.body.response.infos).toEqual([
      { info: `Fatto! Il tuo buono del 10% per la prima spesa è in «I miei buoni» (codice ${cert?.code}).` },
    ]);
    expect(res.body.data).toMatchObject({ canJoin: false, joinedWith: code });
    const mine = await callAs<UserGiftCertificates>(t.app, b.token, 'GET', api('/giftcertificate/list'), {});
    expect(mine.body.data.userGiftCertificates).toContainEqual(
      expect.objectContaining({
        userGiftCertificateId: cert?.id,
        source: 'invite',
        state: 'available',
        giftCertificate: expect.objectContaining({ kind: 'percent', value: 10 }),
      }),
    );
    const inviter = await view(a);
    expect(inviter.body.data.friends).toEqual([
      { joinedAt: expect.any(String), state: 'waiting', note: null },
    ]);
  });

  it('refuses a bad code in Italian (400), an unknown one, one’s own, a second join and a customer who ordered; nothing changes', async () => {
    const a = await newCustomer(t, { tag: 'inv-ref-a' });
    const other = await newCustomer(t, { tag: 'inv-ref-o' });
    const code = await codeOf(a);
    for (const bad of ['', 'AMICO-12', 'BUONO-ABCDEFGH', 42, null]) {
      const res = await join(other, bad);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage).toEqual([
        'Scrivi il codice invito come te l’ha mandato il tuo amico (es. AMICO-ABC234).',
      ]);
    }
    const unknown = await join(other, code === 'AMICO-ZZZZZZ' ? 'AMICO-YYYYYY' : 'AMICO-ZZZZZZ');
    expect(unknown.body.response.errorsMessage).toEqual([INVITE_TEXT.unknown.text]);
    const self = await join(a, code);
    expect(self.body.response.errorsMessage).toEqual([INVITE_TEXT.self.text]);

    const ordered = await newCustomer(t, { tag: 'inv-ref-ordered' });
    await placeOrder(t, { userId: ordered.userId, status: 3, lines: await line() });
    expect((await join(ordered, code)).body.response.errorsMessage).toEqual([INVITE_TEXT.notNew.text]);
    // a cancelled order does not count
    const cancelled = await newCustomer(t, { tag: 'inv-ref-cancelled' });
    await placeOrder(t, { userId: cancelled.userId, status: 10, lines: await line() });
    expect((await join(cancelled, code)).body.response.status).toBe(0);

    expect((await join(other, code)).body.response.status).toBe(0);
    const second = await join(other, await codeOf(await newCustomer(t, { tag: 'inv-ref-c' })));
    expect(second.body.response.errorsMessage).toEqual([INVITE_TEXT.alreadyJoined.text]);
    for (const c of [a, ordered]) expect(await certificatesOf(c.userId)).toEqual([]);
    expect(await certificatesOf(other.userId)).toHaveLength(1);
    expect((await view(a)).body.data.friends).toHaveLength(2);
  });

  it('refuses a second account of the same person: the same mailbox or the same fiscal code', async () => {
    const a = await newCustomer(t, { tag: 'inv-same' });
    const code = await codeOf(a);
    const [local, domain] = a.email.split('@');
    const twin = await newCustomer(t, { tag: 'inv-twin' });
    await t.db.execute(
      sql`UPDATE users SET email = ${`${local?.toUpperCase()}+bis@${domain}`} WHERE user_id = ${twin.userId}`,
    );
    expect((await join(twin, code)).body.response.errorsMessage).toEqual([INVITE_TEXT.self.text]);
    const sameFiscal = await newCustomer(t, { tag: 'inv-fiscal' });
    await t.db.execute(
      sql`UPDATE users SET fiscal_code = 'RSSMRA80A01F205X' WHERE user_id IN (${a.userId}, ${sameFiscal.userId})`,
    );
    expect((await join(sameFiscal, code)).body.response.errorsMessage).toEqual([INVITE_TEXT.self.text]);
    expect(await certificatesOf(twin.userId)).toEqual([]);
    expect(await certificatesOf(sameFiscal.userId)).toEqual([]);
  });

  it('is closed after the programme’s last day; the code still shows', async () => {
    const code = await codeOf(await newCustomer(t, { tag: 'inv-closed-a' }));
    const before = clock;
    clock = new Date(`${INVITE_PROGRAMME.endsOn}T23:30:00Z`); // 00:30 of the next day in Rome
    try {
      const b = await newCustomer(t, { tag: 'inv-closed-b' });
      expect((await join(b, code)).body.response.errorsMessage).toEqual([INVITE_TEXT.closed.text]);
      const own = await view(b);
      expect(own.body.data).toMatchObject({ open: false, canJoin: false });
      expect(own.body.data.code).toMatch(/^AMICO-/);
      expect(await certificatesOf(b.userId)).toEqual([]);
    } finally {
      clock = before;
    }
  });

  it('two joins of one customer at once, with two codes: one wins, one certificate', async () => {
    const f = await newCustomer(t, { tag: 'inv-race-f' });
    const [c1, c2] = await Promise.all([
      newCustomer(t, { tag: 'inv-race-1' }).then(codeOf),
      newCustomer(t, { tag: 'inv-race-2' }).then(codeOf),
    ]);
    const answers = await Promise.all([join(f, c1), join(f, c2)]);
    expect(answers.map((r) => r.body.response.status === 0).sort()).toEqual([false, true]);
    expect(await certificatesOf(f.userId)).toHaveLength(1);
  });
});

describe('the friend’s certificate', () => {
  it('takes 10 % off the goods of the first order, and is refused once the friend has ordered', async () => {
    const a = await newCustomer(t, { tag: 'inv-use-a' });
    const f = await checkoutCustomer(t);
    await join(f, await codeOf(a));
    const [cert] = await certificatesOf(f.userId);
    const p = await testProduct(t.db, { stock: 50, priceCents: 250 });
    const slot = await driveSlot(t.db, '2027-03-03', 1000);
    await preparedCart(t, f.token, { slot, items: [{ productId: p.productId, quantity: 8 }] });
    await callAs(t.app, f.token, 'POST', api('/checkout/unlock'));
    const add = (code: string) =>
      callAs<CheckoutCart>(t.app, f.token, 'POST', api('/cart-giftcertificate/add_code'), {
        payload: { code },
      });
    const applied = await add(cert?.code ?? '');
    expect(applied.body.response.status).toBe(0);
    expect(applied.body.data.orderAdjustmentSummary.orderAdjustments).toEqual([
      expect.objectContaining({ userGiftCertificateId: cert?.id, discount: 2 }),
    ]);
    await callAs(t.app, f.token, 'POST', api('/cart-giftcertificate/remove_code'), {
      payload: { code: cert?.code },
    });
    await placeOrder(t, { userId: f.userId, status: 3, lines: await line() });
    const refused = await add(cert?.code ?? '');
    expect(refused.body.response.errorsMessage).toEqual([
      'Questo buono vale solo sulla tua prima spesa online.',
    ]);
  });
});

describe('the inviter’s voucher', () => {
  it('is issued when the friend’s order is delivered (job), mailed, once; a second run changes nothing', async () => {
    const a = await newCustomer(t, { tag: 'inv-vou-a' });
    const b = await newCustomer(t, { tag: 'inv-vou-b' });
    await join(b, await codeOf(a));
    await t.app.jobs.runDue();
    expect(await certificatesOf(a.userId)).toEqual([]);
    const orderId = await deliver(b.userId);
    await t.app.jobs.runDue();
    const vouchers = await certificatesOf(a.userId);
    expect(vouchers).toEqual([
      expect.objectContaining({ kind: 'percent', value: 1000, firstOrderOnly: false, source: 'invite' }),
    ]);
    expect(await referralOf(b.userId)).toEqual({ state: 'rewarded', reason: null, voucherNo: 1, orderId });
    const mail = await lastMailTo(t.db, a.email);
    expect(mail?.template).toBe('invite-voucher');
    expect(mail?.textBody).toContain(`Codice del buono: ${vouchers[0]?.code}`);
    const v = await view(a);
    expect(v.body.data).toMatchObject({ vouchersEarned: 1, friends: [{ state: 'rewarded', note: null }] });

    // delivered again (another order), the sweep, a second job: nothing more
    await deliver(b.userId);
    await t.app.jobs.runDue();
    await t.app.invites.sweep();
    expect(await certificatesOf(a.userId)).toHaveLength(1);
  });

  it('the hourly sweep settles a delivery the job never saw; the eleventh friend earns nothing', async () => {
    const a = await newCustomer(t, { tag: 'inv-ten-a' });
    const code = await codeOf(a);
    const friends: Customer[] = [];
    for (let i = 0; i < INVITE_PROGRAMME.maxVouchers + 1; i++) {
      const f = await newCustomer(t, { tag: `inv-ten-${i}` });
      expect((await join(f, code)).body.response.status).toBe(0);
      // delivered straight in the table: no status change, no job
      await placeOrder(t, { userId: f.userId, status: 8, lines: await line() });
      friends.push(f);
    }
    expect(await certificatesOf(a.userId)).toEqual([]);
    expect(await t.app.invites.sweep()).toBeGreaterThanOrEqual(INVITE_PROGRAMME.maxVouchers + 1);
    expect(await certificatesOf(a.userId)).toHaveLength(INVITE_PROGRAMME.maxVouchers);
    const states = await Promise.all(friends.map((f) => referralOf(f.userId)));
    expect(states.filter((s) => s?.state === 'rewarded')).toHaveLength(10);
    expect(states.filter((s) => s?.state === 'no_reward' && s.reason === 'limit')).toHaveLength(1);
    const v = await view(a);
    expect(v.body.data.vouchersEarned).toBe(10);
    expect(v.body.data.friends.filter((f) => f.state === 'no_reward')).toEqual([
      {
        joinedAt: expect.any(String),
        state: 'no_reward',
        note: 'Non dà diritto al buono: hai già ricevuto tutti i buoni del programma.',
      },
    ]);
  });

  it('none for a friend who turns out to be the same person; concurrent settlements issue one voucher', async () => {
    const a = await newCustomer(t, { tag: 'inv-late-a' });
    const code = await codeOf(a);
    const twin = await newCustomer(t, { tag: 'inv-late-twin' });
    await join(twin, code);
    await t.db.execute(
      sql`UPDATE users SET fiscal_code = 'VRDLGU85M01H501Z' WHERE user_id IN (${a.userId}, ${twin.userId})`,
    );
    await deliver(twin.userId);
    await t.app.jobs.runDue();
    expect(await referralOf(twin.userId)).toMatchObject({ state: 'no_reward', reason: 'same_person' });
    expect(await certificatesOf(a.userId)).toEqual([]);

    const f = await newCustomer(t, { tag: 'inv-late-f' });
    await join(f, code);
    await placeOrder(t, { userId: f.userId, status: 8, lines: await line() });
    const [first, second, swept] = await Promise.all([
      t.app.invites.settle(f.userId),
      t.app.invites.settle(f.userId),
      t.app.invites.sweep(),
    ]);
    // one of the three settles it: a direct call answering 'rewarded', or the sweep counting it
    const byCalls = [first, second].filter((o) => o === 'rewarded').length;
    expect(byCalls).toBeLessThanOrEqual(1);
    if (byCalls === 0) expect(swept).toBeGreaterThanOrEqual(1);
    expect(await referralOf(f.userId)).toMatchObject({ state: 'rewarded' });
    expect(await certificatesOf(a.userId)).toHaveLength(1);
  });
});
