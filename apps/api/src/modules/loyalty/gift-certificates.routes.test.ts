import type { AdminGiftCertificatesData } from '@spesa/shared/contracts/admin-loyalty';
import type { CheckoutCart } from '@spesa/shared/contracts/checkout';
import type { Promovar, UserGiftCertificates } from '@spesa/shared/contracts/gift-certificates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buy,
  checkoutCustomer,
  driveSlot,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { GiftCertificatesRepository } from './gift-certificates.repository';

/**
 * Personal gift certificates and advantages (decision 040): the customer's lists, who may apply a code
 * (owner, segment, level; used, expired, below the minimum spend), the promotion variables' cool-down,
 * customer service's grant (audited, roles), and concurrent uses of one certificate. Runs on both engines.
 */
let t: TestApp;
let clock = new Date('2027-03-01T07:00:00Z');
let cs: string;
let picker: string;
const DAY = '2027-03-03';
const INVALID = 'Il codice sconto non è valido. Verifica di averlo scritto correttamente';
let codes = 0;

beforeAll(async () => {
  t = await buildTestApp({
    now: () => clock,
    env: {
      PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
      GIFT_CODE_RATE_MAX_PER_CUSTOMER: 1000,
      GIFT_CODE_RATE_MAX_PER_ADDRESS: 1000,
    },
  });
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'gift-cs' })).userId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'gift-picker' })).userId, [], 'picker');
});
afterAll(async () => t?.close());

const get = <T>(token: string | null, path: string) => callAs<T>(t.app, token, 'GET', api(path), {});
const addCode = (token: string, code: string) =>
  callAs<CheckoutCart>(t.app, token, 'POST', api('/cart-giftcertificate/add_code'), { payload: { code } });
const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, api(path), { via: 'staff', ...(payload === undefined ? {} : { payload }) });

/** A certificate written straight into the table: personal (owner) or an advantage (segment / level). */
async function certificate(o: {
  owner?: number;
  valueCents?: number;
  minSpendCents?: number;
  validFrom?: string;
  validTo?: string;
  segment?: number;
  level?: number;
  kind?: 'amount' | 'percent';
}): Promise<{ id: number; code: string }> {
  const code = `T${Date.now().toString(36).toUpperCase()}${process.pid}X${codes++}`;
  const personal = o.owner !== undefined;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO gift_certificates (code, name, kind, value, min_spend_cents, valid_from, valid_to, max_uses,
          once_per_user, owner_user_id, source, reason, conditions, crm_segment_id, min_profile_level)
        VALUES (${code}, 'Buono di prova', ${o.kind ?? 'amount'}, ${o.valueCents ?? 500}, ${o.minSpendCents ?? 0},
          ${o.validFrom ?? '2027-01-01'}::date, ${o.validTo ?? '2027-12-31'}::date, ${personal ? 1 : null}, true,
          ${o.owner ?? null}, ${personal ? 'manual' : null}, ${personal ? 'Scuse per il ritardo' : null},
          'Vale una volta.', ${o.segment ?? null}, ${o.level ?? null})
        RETURNING gift_certificate_id AS id`,
  );
  if (!row) throw new Error('certificate not inserted');
  return { id: row.id, code };
}
/** one line of a fresh 2,50 € product, for orders placed straight in the database */
const line = async () => [{ product: await testProduct(t.db, { stock: 50, priceCents: 250 }), quantity: 1 }];
const usesOf = async (id: number) =>
  (
    await queryRows<{ uses: number; n: number }>(
      t.db,
      sql`SELECT g.uses, (SELECT count(*)::int FROM gift_certificate_uses u WHERE u.gift_certificate_id = g.gift_certificate_id) AS n
          FROM gift_certificates g WHERE g.gift_certificate_id = ${id}`,
    )
  )[0];
const setFacts = (userId: number, level: number, segments: number[]) =>
  t.db.execute(
    sql`UPDATE users SET profile_level = ${level}, crm_segment_ids = ${`{${segments.join(',')}}`}::int[]
        WHERE user_id = ${userId}`,
  );
/** A customer with a cart of `pieces` x 2,50 € on the Drive, prepared. */
async function withCart(pieces: number) {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50, priceCents: 250 });
  const slot = await driveSlot(t.db, DAY, 1000);
  const prep = await preparedCart(t, c.token, {
    slot,
    items: [{ productId: p.productId, quantity: pieces }],
  });
  expect(prep.body.response.status).toBe(0);
  // unlock the cart: codes are applied to an open cart
  await callAs(t.app, c.token, 'POST', api('/checkout/unlock'));
  return c;
}

describe('the customer’s certificates', () => {
  it('lists the usable personal ones and the advantages the customer qualifies for; history adds used and expired', async () => {
    const c = await newCustomer(t, { tag: 'gift-list' });
    await setFacts(c.userId, 2, [41]);
    const mine = await certificate({ owner: c.userId, minSpendCents: 3000 });
    const expired = await certificate({ owner: c.userId, validFrom: '2026-01-01', validTo: '2027-02-01' });
    const used = await certificate({ owner: c.userId });
    const order = await placeOrder(t, { userId: c.userId, status: 8, lines: await line() });
    await t.db.execute(sql`UPDATE gift_certificates SET uses = 1 WHERE gift_certificate_id = ${used.id}`);
    await t.db.execute(
      sql`INSERT INTO gift_certificate_uses (gift_certificate_id, order_id, user_id, discount_cents)
          VALUES (${used.id}, ${order.orderId}, ${c.userId}, 500)`,
    );
    const forSegment = await certificate({ segment: 41, kind: 'percent', valueCents: 1000 });
    const forLevel2 = await certificate({ level: 2 });
    const otherSegment = await certificate({ segment: 42 });
    const forLevel3 = await certificate({ level: 3 });
    const others = await certificate({ owner: (await newCustomer(t, { tag: 'gift-list-o' })).userId });

    const usable = await get<UserGiftCertificates>(c.token, '/giftcertificate/list');
    expect(usable.statusCode).toBe(200);
    const ids = usable.body.data.userGiftCertificates.map((g) => [g.userGiftCertificateId, g.type]);
    expect(ids).toContainEqual([mine.id, 'personal']);
    expect(ids).toContainEqual([forSegment.id, 'advantage']);
    expect(ids).toContainEqual([forLevel2.id, 'advantage']);
    for (const no of [expired, used, otherSegment, forLevel3, others])
      expect(ids.map(([id]) => id)).not.toContain(no.id);
    const first = usable.body.data.userGiftCertificates.find((g) => g.userGiftCertificateId === mine.id);
    expect(first).toMatchObject({
      source: 'manual',
      reason: 'Scuse per il ritardo',
      state: 'available',
      giftCertificate: { code: mine.code, value: 5, minSpend: 30, validTo: '2027-12-31' },
    });

    const current = await get<UserGiftCertificates>(
      c.token,
      '/giftcertificate/list-manual-assigned?show_history=false',
    );
    expect(current.body.data.userGiftCertificates.map((g) => g.userGiftCertificateId)).toEqual([mine.id]);
    const history = await get<UserGiftCertificates>(
      c.token,
      '/giftcertificate/list-manual-assigned?show_history=true',
    );
    const states = new Map(history.body.data.userGiftCertificates.map((g) => [g.userGiftCertificateId, g]));
    expect(states.get(expired.id)?.state).toBe('expired');
    expect(states.get(used.id)).toMatchObject({ state: 'used', orderId: order.orderId });
    expect(states.has(others.id)).toBe(false);
  });

  it('refuses a bad show_history in Italian; answers 401 without a session', async () => {
    const c = await newCustomer(t, { tag: 'gift-bad' });
    const bad = await get(c.token, '/giftcertificate/list-manual-assigned?show_history=forse');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.response.errorsMessage).toEqual(['Il parametro show_history non è valido.']);
    for (const path of [
      '/giftcertificate/list',
      '/giftcertificate/list-manual-assigned',
      '/spesa-registration/refresh_user_promovar',
    ])
      expect((await get(null, path)).statusCode).toBe(401);
    const provider = await get(c.token, '/altro-registration/refresh_user_promovar');
    expect(provider.statusCode).toBe(400);
  });
});

describe('applying a personal certificate or an advantage', () => {
  it('the owner applies theirs: the cart names it by userGiftCertificateId and takes its value off', async () => {
    const c = await withCart(16);
    const mine = await certificate({ owner: c.userId, minSpendCents: 3000 });
    const res = await addCode(c.token, mine.code.toLowerCase());
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.orderAdjustmentSummary.orderAdjustments).toEqual([
      expect.objectContaining({ userGiftCertificateId: mine.id, discount: 5 }),
    ]);
  });

  it('another customer’s, a used or an expired one answers the generic invalid text and changes nothing', async () => {
    const c = await withCart(4);
    const other = await newCustomer(t, { tag: 'gift-owner' });
    const foreign = await certificate({ owner: other.userId });
    const expired = await certificate({ owner: c.userId, validTo: '2027-02-28' });
    const used = await certificate({ owner: c.userId });
    await t.db.execute(sql`UPDATE gift_certificates SET uses = 1 WHERE gift_certificate_id = ${used.id}`);
    for (const g of [foreign, expired, used]) {
      const res = await addCode(c.token, g.code);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage).toEqual([INVALID]);
      expect(res.body.data.orderAdjustmentSummary.orderAdjustments).toEqual([]);
      const check = await get(c.token, `/cart-giftcertificate/check?code=${g.code}`);
      expect(check.body.response.errorsMessage).toEqual([INVALID]);
    }
  });

  it('below its minimum spend it is applied but takes nothing off, and says how much is missing', async () => {
    const c = await withCart(4); // 10,00 € of goods
    const mine = await certificate({ owner: c.userId, minSpendCents: 3000 });
    const res = await addCode(c.token, mine.code);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.orderAdjustmentSummary.orderAdjustments[0]?.discount).toBe(0);
    expect(res.body.response.infosMessage).toContain(
      'Il buono vale con una spesa di almeno 30,00 €: aggiungi prodotti per altri 20,00 € per avere lo sconto.',
    );
  });

  it('an advantage is refused to a customer out of its segment or below its level, accepted once they qualify', async () => {
    const c = await withCart(16);
    await setFacts(c.userId, 1, [5]);
    const segment = await certificate({ segment: 6 });
    const level = await certificate({ level: 2 });
    const notForYou = 'Questo vantaggio è riservato a un altro gruppo di clienti: non puoi usarlo.';
    for (const g of [segment, level]) {
      const res = await addCode(c.token, g.code);
      expect(res.body.response.errorsMessage).toEqual([notForYou]);
      expect(res.body.data.orderAdjustmentSummary.orderAdjustments).toEqual([]);
    }
    await setFacts(c.userId, 2, [5, 6]);
    expect((await addCode(c.token, segment.code)).body.response.status).toBe(0);
    expect((await addCode(c.token, level.code)).body.response.status).toBe(0);
  });

  it('a personal certificate is spent by the order that uses it: the next order cannot', async () => {
    const c = await withCart(16);
    const mine = await certificate({ owner: c.userId });
    expect((await addCode(c.token, mine.code)).body.response.status).toBe(0);
    const prep = await callAs(t.app, c.token, 'POST', api('/checkout/prepare'), {
      payload: { accept_rules: true },
    });
    expect(prep.body.response.status).toBe(0);
    const bought = await buy(t, c.token);
    expect(bought.body.response.status).toBe(0);
    expect(await usesOf(mine.id)).toEqual({ uses: 1, n: 1 });
    // buy answers the order from what it wrote: the same as the order page reads it, the code's use included
    const { order } = bought.body.data;
    const view = await get<{ data: unknown }>(c.token, `/order/view?order_id=${order.orderId}`);
    expect(view.body.data.data).toEqual(order);
    expect(JSON.stringify(order)).toContain(mine.code);
    const again = await addCode(c.token, mine.code);
    expect(again.body.response.errorsMessage).toEqual([INVALID]);
  });
});

describe('concurrent uses of one certificate', () => {
  it('two orders taking the one use of a personal certificate at once: exactly one gets it', async () => {
    const c = await newCustomer(t, { tag: 'gift-race' });
    const mine = await certificate({ owner: c.userId });
    const repo = new GiftCertificatesRepository(t.db);
    const orders = await Promise.all(
      [1, 2].map(async () => placeOrder(t, { userId: c.userId, lines: await line() })),
    );
    const outcomes = await Promise.allSettled(
      orders.map((o) =>
        t.db.transaction(async (tx) => {
          await repo.recordUse(
            {
              giftCertificateId: mine.id,
              orderId: o.orderId,
              userId: c.userId,
              discountCents: 500,
            },
            tx,
          );
          if (!(await repo.consume(mine.id, tx))) throw new Error('no use left');
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await usesOf(mine.id)).toEqual({ uses: 1, n: 1 });
  });
});

describe('promotion variables', () => {
  it('recomputes the level from delivered orders of the last 12 months, once per 5 minutes for every process', async () => {
    const c = await newCustomer(t, { tag: 'gift-promovar' });
    await setFacts(c.userId, 1, [3]);
    for (let i = 0; i < 3; i++) await placeOrder(t, { userId: c.userId, status: 8, lines: await line() });
    await placeOrder(t, { userId: c.userId, status: 10, lines: await line() });
    await certificate({ owner: c.userId });
    const first = await get<Promovar>(c.token, '/spesa-registration/refresh_user_promovar');
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({
      profile: { level: 2 },
      crmUserSegments: [{ crmSegment: { crmSegmentId: 3 } }],
      deliveredOrders: 3,
      giftCertificatesReceived: 1,
    });
    expect(first.body.response.infosMessage).toEqual(['I tuoi vantaggi sono aggiornati.']);

    // within the cool-down: the state as it is, nothing recomputed
    await setFacts(c.userId, 1, [3]);
    clock = new Date(clock.getTime() + 4 * 60_000);
    const twice = await Promise.all(
      [1, 2].map(() => get<Promovar>(c.token, '/spesa-registration/refresh_user_promovar')),
    );
    for (const res of twice) {
      expect(res.body.data.profile.level).toBe(1);
      expect(res.body.response.infosMessage).toEqual([
        'I tuoi vantaggi sono stati aggiornati da poco: potrai aggiornarli di nuovo tra 1 minuto.',
      ]);
    }
    // after it: recomputed again
    clock = new Date(clock.getTime() + 60_000);
    const later = await get<Promovar>(c.token, '/spesa-registration/refresh_user_promovar');
    expect(later.body.data.profile.level).toBe(2);
    expect(later.body.response.infosMessage).toEqual(['I tuoi vantaggi sono aggiornati.']);
  });
});

describe('customer service grants a certificate', () => {
  const grant = (token: string, userId: number, body: Record<string, unknown>) =>
    staff<AdminGiftCertificatesData>(token, 'POST', `/admin/customers/${userId}/gift-certificates`, body);

  it('with a value, a minimum spend and a reason: the customer sees it; audited', async () => {
    const c = await newCustomer(t, { tag: 'gift-grant' });
    const res = await grant(cs, c.userId, { amount: 5, minSpend: 30, reason: 'Consegna in ritardo' });
    expect(res.statusCode).toBe(200);
    const [g] = res.body.data.data.userGiftCertificates;
    expect(g).toMatchObject({ source: 'manual', reason: 'Consegna in ritardo', state: 'available' });
    expect(g?.giftCertificate).toMatchObject({ value: 5, minSpend: 30, kind: 'amount' });
    expect(g?.giftCertificate.code).toMatch(/^BUONO-[A-Z0-9]{8}$/);
    expect(res.body.response.infosMessage).toEqual([
      `Assegnato al cliente un buono di 5,00 € (codice ${g?.giftCertificate.code}).`,
    ]);
    const mine = await get<UserGiftCertificates>(c.token, '/giftcertificate/list-manual-assigned');
    expect(mine.body.data.userGiftCertificates.map((x) => x.giftCertificate.code)).toEqual([
      g?.giftCertificate.code,
    ]);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'customers' AND resource_id = ${String(c.userId)}
            AND action = 'gift-certificate-grant' AND allowed`,
    );
    expect(audit?.n).toBe(1);
  });

  it('refuses bad values in Italian and other roles; an unknown customer is not found; nothing is written', async () => {
    const c = await newCustomer(t, { tag: 'gift-grant-bad' });
    for (const amount of [0, -1, 0.001, 101, '5', null]) {
      const res = await grant(cs, c.userId, { amount, reason: 'Motivo valido' });
      expect(res.statusCode, `amount ${String(amount)}`).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain('Indica il valore del buono in euro');
    }
    const min = await grant(cs, c.userId, { amount: 5, minSpend: -1, reason: 'Motivo valido' });
    expect(min.body.response.errorsMessage.join(' ')).toContain('Indica la spesa minima in euro');
    const reason = await grant(cs, c.userId, { amount: 5, reason: 'no' });
    expect(reason.body.response.errorsMessage.join(' ')).toContain('Scrivi il motivo del buono');
    expect((await grant(picker, c.userId, { amount: 5, reason: 'Motivo valido' })).statusCode).toBe(403);
    expect((await staff(picker, 'GET', `/admin/customers/${c.userId}/gift-certificates`)).statusCode).toBe(
      403,
    );
    const unknown = await grant(cs, 99_999_999, { amount: 5, reason: 'Motivo valido' });
    expect(unknown.body.response.errorsMessage).toEqual(['Cliente non trovato.']);
    const list = await staff<AdminGiftCertificatesData>(
      cs,
      'GET',
      `/admin/customers/${c.userId}/gift-certificates`,
    );
    expect(list.body.data.data.userGiftCertificates).toEqual([]);
  });
});
