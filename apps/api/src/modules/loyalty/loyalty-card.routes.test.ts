import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import type { CardView, PremiumArea } from '@spesa/shared/contracts/loyalty';
import { cardTypeOfNumber, makeCardNumber } from '@spesa/shared/loyalty/card-number';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { romeNow } from '../../lib/rome-time';
import { AccountRepository } from '../account/account.repository';
import { LoyaltyCardRepository } from './loyalty-card.repository';
import { PremiumService } from './premium.service';

/**
 * The loyalty card and the premium card (decision 038): the customer reads their card, links one the chain
 * issued (number + holder's surname, one refusal for unknown or mismatched, throttled), becomes premium
 * (digital or physical, once), reads the reserved area; customer service excludes a customer (audited) and
 * moves a physical card along; bad input, other roles and unknown customers change nothing.
 */
const API = '/ebsn/api';
let t: TestApp;
let cs: string;
let picker: string;
let supervisor: string;
let accounts: AccountRepository;
type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** a card number of its own for each test (the PostgreSQL run shares a database across runs) */
let serial = 4_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const issue = async (holderLastName: string, type: 'fidelity' | 'premium' = 'fidelity') => {
  const cardNumber = makeCardNumber(type, serial++);
  await accounts.issueCard({ cardNumber, cardType: type, holderLastName }, t.db);
  return cardNumber;
};
const today = () => romeNow(new Date()).date;

beforeAll(async () => {
  t = await buildTestApp();
  accounts = new AccountRepository(t.db);
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'card-cs' })).userId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'card-picker' })).userId, [], 'picker');
  supervisor = await makeStaff(t, (await newCustomer(t, { tag: 'card-sup' })).userId, [], 'supervisor');
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(c: Customer | null, path: string) =>
  callAs<T>(t.app, c?.token ?? null, 'GET', `${API}${path}`);
const post = <T>(c: Customer | null, path: string, payload: unknown) =>
  callAs<T>(t.app, c?.token ?? null, 'POST', `${API}${path}`, { payload });
const link = (c: Customer, cardNumber: unknown, lastName: unknown) =>
  post<CardView>(c, '/loyalty/card/link', { cardNumber, lastName });
const becomePremium = (c: Customer, channel: unknown) =>
  post<CardView>(c, '/loyalty/premium/request', { channel });
const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const cardNumberOf = async (userId: number) =>
  (
    await queryRows<{ n: string | null }>(
      t.db,
      sql`SELECT card_number AS n FROM users WHERE user_id = ${userId}`,
    )
  )[0]?.n ?? null;
const requestsOf = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM premium_requests WHERE user_id = ${userId}`,
    )
  )[0]?.n ?? 0;
const auditOf = async (userId: number, action: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit
          WHERE resource = 'customers' AND resource_id = ${String(userId)} AND action = ${action} AND allowed`,
    )
  )[0]?.n ?? 0;
/** a customer with a linked fidelity card */
const holder = async (tag: string) => {
  const c = await newCustomer(t, { tag });
  const number = await issue('Cliente');
  expect((await link(c, number, 'Cliente')).body.response.status).toBe(0);
  return { ...c, cardNumber: number };
};

describe('the loyalty card', () => {
  it('answers 401 to every call without a session', async () => {
    expect((await get(null, '/loyalty/card')).statusCode).toBe(401);
    expect((await get(null, '/loyalty/premium/area')).statusCode).toBe(401);
    expect(
      (await post(null, '/loyalty/card/link', { cardNumber: '2600000000017', lastName: 'Rossi' })).statusCode,
    ).toBe(401);
    expect((await post(null, '/loyalty/premium/request', { channel: 'digital' })).statusCode).toBe(401);
  });

  it('a customer without a card links one by number and surname (case and accents aside); card prices apply', async () => {
    const c = await newCustomer(t, { tag: 'card-link' });
    const none = await get<CardView>(c, '/loyalty/card');
    expect(none.body.data).toEqual({
      card: null,
      premium: { active: false, excluded: false, canRequest: false, request: null },
    });
    expect((await accounts.pricingFacts(c.userId, today())).card).toBe(false);
    const number = await issue("D'Angelò");

    const linked = await link(c, `${number.slice(0, 4)} ${number.slice(4)}`, '  dangelo ');
    expect(linked.statusCode).toBe(200);
    expect(linked.body.response.status).toBe(0);
    expect(linked.body.response.infosMessage).toEqual([
      'Carta collegata: i prezzi con la carta valgono già da questa spesa.',
    ]);
    expect(linked.body.data.card).toMatchObject({ cardNumber: number, cardType: 'fidelity', valid: true });
    expect(linked.body.data.premium).toMatchObject({ active: false, canRequest: true });
    expect((await accounts.pricingFacts(c.userId, today())).card).toBe(true);
    // only the signed-in customer's own card, whatever the query says
    const other = await newCustomer(t, { tag: 'card-other' });
    expect((await get<CardView>(other, `/loyalty/card?user_id=${c.userId}`)).body.data.card).toBeNull();
  });

  it('an unknown card and a wrong surname answer the same Italian refusal; nothing is linked', async () => {
    const c = await newCustomer(t, { tag: 'card-unknown' });
    const number = await issue('Bianchi');
    const unknown = await link(c, makeCardNumber('fidelity', serial++), 'Bianchi');
    const wrongName = await link(c, number, 'Bianco');
    for (const res of [unknown, wrongName]) {
      expect(res.statusCode).toBe(200);
      expect(res.body.response.status).not.toBe(0);
      expect(res.body.response.errorsMessage).toEqual([
        'Non troviamo una carta con questo numero intestata a questo cognome: controlla i dati o contatta il servizio clienti.',
      ]);
    }
    expect(await cardNumberOf(c.userId)).toBeNull();
  });

  it('refuses a card of another account, an expired card, and a second card', async () => {
    const first = await holder('card-first');
    const second = await newCustomer(t, { tag: 'card-second' });
    const taken = await link(second, first.cardNumber, 'Cliente');
    expect(taken.body.response.errorsMessage).toEqual([
      'Questa carta è già collegata a un altro account. Se è tua, contatta il servizio clienti.',
    ]);
    const expired = await issue('Cliente');
    await t.db.execute(
      sql`UPDATE loyalty_cards SET valid_to = DATE '2020-01-31' WHERE card_number = ${expired}`,
    );
    expect((await link(second, expired, 'Cliente')).body.response.errorsMessage).toEqual([
      'Questa carta è scaduta: chiedine una nuova in un punto vendita.',
    ]);
    expect(await cardNumberOf(second.userId)).toBeNull();
    const another = await issue('Cliente');
    expect((await link(first, another, 'Cliente')).body.response.errorsMessage).toEqual([
      'Al tuo account è già collegata una carta.',
    ]);
    expect(await cardNumberOf(first.userId)).toBe(first.cardNumber);
  });

  it('bad input answers the Italian text of the field and changes nothing', async () => {
    const c = await newCustomer(t, { tag: 'card-bad' });
    const valid = await issue('Verdi');
    const digits = 'Scrivi le 13 cifre del numero stampato sotto il codice a barre della carta.';
    const cases: Array<[unknown, unknown, string]> = [
      ['', 'Verdi', digits],
      ['260000000001', 'Verdi', digits],
      ['26000000000AB', 'Verdi', digits],
      [valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10), 'Verdi', digits],
      [2600000000017, 'Verdi', digits],
      [null, 'Verdi', digits],
      [
        '8001234567880',
        'Verdi',
        'Questo numero non è di una carta fedeltà Spesa: controlla le cifre, le nostre carte iniziano con 26 o 27.',
      ],
      [valid, '', 'Scrivi il cognome dell’intestatario della carta.'],
      [valid, '   ', 'Scrivi il cognome dell’intestatario della carta.'],
      [valid, 'x'.repeat(81), 'Scrivi il cognome dell’intestatario della carta.'],
      [valid, 42, 'Scrivi il cognome dell’intestatario della carta.'],
    ];
    for (const [cardNumber, lastName, text] of cases) {
      const res = await link(c, cardNumber, lastName);
      expect(res.statusCode, JSON.stringify([cardNumber, lastName])).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain(text);
    }
    for (const channel of ['', 'plastic', 1, null]) {
      const res = await becomePremium(c, channel);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain(
        'Scegli la carta digitale o la carta fisica.',
      );
    }
    expect(await cardNumberOf(c.userId)).toBeNull();
    expect(await requestsOf(c.userId)).toBe(0);
  });

  it('two accounts linking one card at once: one gets it, the other is told it is taken', async () => {
    const number = await issue('Galli');
    const racers = await Promise.all([1, 2, 3, 4].map((i) => newCustomer(t, { tag: `card-race-${i}` })));
    const results = await Promise.all(racers.map((c) => link(c, number, 'Galli')));
    const won = results.filter((r) => r.body.response.status === 0);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.body.response.status !== 0))
      expect(r.body.response.errorsMessage).toEqual([
        'Questa carta è già collegata a un altro account. Se è tua, contatta il servizio clienti.',
      ]);
    const owners = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users WHERE card_number = ${number}`,
    );
    expect(owners[0]?.n).toBe(1);
  });

  it('throttles linking: five attempts per customer, then 429 in Italian and nothing linked', async () => {
    const c = await newCustomer(t, { tag: 'card-throttle' });
    const number = await issue('Ferri');
    for (let i = 0; i < 5; i++) expect((await link(c, number, `Ferro${i}`)).statusCode).toBe(200);
    const sixth = await link(c, number, 'Ferri');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body.response.errorsMessage).toEqual(['Troppi tentativi: riprova tra qualche minuto.']);
    expect(await cardNumberOf(c.userId)).toBeNull();
    const stored = await queryRows<{ hits: number }>(
      t.db,
      sql`SELECT hits FROM throttle_counters WHERE key = ${`acct:card-link:u${c.userId}`}`,
    );
    expect(stored[0]?.hits).toBeGreaterThanOrEqual(6);
  });
});

describe('the premium card', () => {
  it('without a valid card a customer cannot become premium; the reserved area is closed', async () => {
    const c = await newCustomer(t, { tag: 'premium-nocard' });
    const res = await becomePremium(c, 'digital');
    expect(res.body.response.errorsMessage).toEqual([
      'Per diventare Premium collega prima una carta fedeltà valida.',
    ]);
    expect(await requestsOf(c.userId)).toBe(0);
    const area = await get<PremiumArea>(c, '/loyalty/premium/area');
    expect(area.statusCode).toBe(200);
    expect(area.body.response.errorsMessage).toEqual([
      'Quest’area è riservata ai clienti con la Carta Premium.',
    ]);
  });

  it('digital: a premium card number replaces the fidelity card at once; asked again, nothing new', async () => {
    const c = await holder('premium-digital');
    const res = await becomePremium(c, 'digital');
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual([
      'Benvenuto in Premium: la tua carta digitale è già attiva.',
    ]);
    const card = res.body.data.card;
    expect(card?.cardType).toBe('premium');
    expect(cardTypeOfNumber(card?.cardNumber ?? '')).toBe('premium');
    expect(card?.cardNumber).not.toBe(c.cardNumber);
    expect(res.body.data.premium).toMatchObject({
      active: true,
      canRequest: false,
      request: { channel: 'digital', state: null, dueBy: null },
    });
    // the old card ended yesterday: no longer valid, not linkable; card prices go on with the new one
    const [old] = await queryRows<{ validTo: string }>(
      t.db,
      sql`SELECT to_char(valid_to, 'YYYY-MM-DD') AS "validTo" FROM loyalty_cards WHERE card_number = ${c.cardNumber}`,
    );
    expect(old?.validTo !== undefined && old.validTo < today()).toBe(true);
    expect((await accounts.pricingFacts(c.userId, today())).card).toBe(true);

    const again = await becomePremium(c, 'physical');
    expect(again.body.response.status).toBe(0);
    expect(again.body.response.infosMessage ?? []).toEqual([]);
    expect(again.body.data).toEqual(res.body.data);
    expect(await requestsOf(c.userId)).toBe(1);

    const area = await get<PremiumArea>(c, '/loyalty/premium/area');
    expect(area.body.data).toMatchObject({
      cardNumber: card?.cardNumber,
      freeDeliveriesLeft: 2,
      productDiscountOn: true,
      // renewed for each calendar year (decision 043)
      productDiscountUntil: `${today().slice(0, 4)}-12-31`,
      birthdayCakeMin: 5.9,
      birthdayCakeMax: 8.5,
    });
  });

  it('physical: premium at once, the card "richiesta" with its due day; many requests at once make one', async () => {
    const c = await holder('premium-physical');
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => becomePremium(c, 'physical')));
    for (const r of results) expect(r.body.response.status).toBe(0);
    expect(results.filter((r) => (r.body.response.infosMessage ?? []).length > 0)).toHaveLength(1);
    expect(await requestsOf(c.userId)).toBe(1);
    const view = (await get<CardView>(c, '/loyalty/card')).body.data;
    expect(view.premium).toMatchObject({
      active: true,
      request: { channel: 'physical', state: 'requested' },
    });
    const due = view.premium.request?.dueBy ?? '';
    const days = (Date.parse(due) - Date.parse(today())) / 86_400_000;
    expect(days).toBe(30);
  });
});

describe('the premium card in the back office', () => {
  it('customer service excludes a customer with a reason (audited): premium closes; clearing opens it again', async () => {
    const c = await holder('premium-excluded');
    const set = await staff<AdminCardData>(cs, 'POST', `/admin/customers/${c.userId}/premium-exclusion`, {
      excluded: true,
      reason: 'Uso improprio delle consegne',
    });
    expect(set.statusCode).toBe(200);
    expect(set.body.response.infosMessage).toEqual(['Cliente escluso dalla Carta Premium.']);
    expect(set.body.data.data.exclusion).toMatchObject({ reason: 'Uso improprio delle consegne' });
    expect(await auditOf(c.userId, 'premium-exclude')).toBe(1);

    const view = (await get<CardView>(c, '/loyalty/card')).body.data;
    expect(view.premium).toMatchObject({ excluded: true, canRequest: false, active: false });
    const refused = await becomePremium(c, 'digital');
    expect(refused.body.response.errorsMessage).toEqual([
      'Accesso non disponibile: contatta il servizio clienti.',
    ]);
    expect(await requestsOf(c.userId)).toBe(0);
    expect((await get(c, '/loyalty/premium/area')).body.response.errorsMessage).toEqual([
      'Accesso non disponibile: contatta il servizio clienti.',
    ]);

    const cleared = await staff<AdminCardData>(cs, 'POST', `/admin/customers/${c.userId}/premium-exclusion`, {
      excluded: false,
      reason: 'Verifica conclusa',
    });
    expect(cleared.body.data.data.exclusion).toBeNull();
    expect(await auditOf(c.userId, 'premium-include')).toBe(1);
    expect((await becomePremium(c, 'digital')).body.data.premium.active).toBe(true);
  });

  it('moves a physical card requested → shipped → delivered, one step at a time (audited)', async () => {
    const c = await holder('premium-post');
    const path = `/admin/customers/${c.userId}/premium-card-state`;
    const digital = await holder('premium-post-digital');
    await becomePremium(digital, 'digital');
    expect(
      (await staff(cs, 'POST', `/admin/customers/${digital.userId}/premium-card-state`, { state: 'shipped' }))
        .body.response.errorsMessage,
    ).toEqual(['Il cliente non ha chiesto la Carta Premium fisica.']);

    await becomePremium(c, 'physical');
    const early = await staff(cs, 'POST', path, { state: 'delivered' });
    expect(early.body.response.errorsMessage).toEqual([
      'La carta non può passare a questo stato: la carta fisica va prima spedita, poi consegnata.',
    ]);
    const shipped = await staff<AdminCardData>(cs, 'POST', path, { state: 'shipped' });
    expect(shipped.body.data.data.premium.request).toMatchObject({ state: 'shipped' });
    expect(shipped.body.data.data.premium.request?.shippedAt).not.toBeNull();
    const delivered = await staff<AdminCardData>(cs, 'POST', path, { state: 'delivered' });
    expect(delivered.body.response.infosMessage).toEqual(['Carta Premium segnata come consegnata.']);
    expect((await staff(cs, 'POST', path, { state: 'shipped' })).body.response.status).not.toBe(0);
    expect(await auditOf(c.userId, 'premium-card-state')).toBe(2);
    expect((await get<CardView>(c, '/loyalty/card')).body.data.premium.request?.state).toBe('delivered');
  });

  it('roles: a picker nothing, a supervisor reads only; bad bodies and unknown customers change nothing', async () => {
    const c = await holder('premium-roles');
    const base = `/admin/customers/${c.userId}`;
    const exclude = { excluded: true, reason: 'Motivo valido' };
    expect((await staff(picker, 'GET', `${base}/loyalty-card`)).statusCode).toBe(403);
    expect((await staff(picker, 'POST', `${base}/premium-exclusion`, exclude)).statusCode).toBe(403);
    expect((await staff(supervisor, 'POST', `${base}/premium-exclusion`, exclude)).statusCode).toBe(403);
    expect(
      (await staff(supervisor, 'POST', `${base}/premium-card-state`, { state: 'shipped' })).statusCode,
    ).toBe(403);
    const read = await staff<AdminCardData>(supervisor, 'GET', `${base}/loyalty-card`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data.data).toMatchObject({
      userId: c.userId,
      card: { cardNumber: c.cardNumber },
      exclusion: null,
    });
    expect((await get(c, '/loyalty/card')).statusCode).toBe(200);
    // a customer's session is not a staff session
    expect((await callAs(t.app, c.token, 'GET', `${API}${base}/loyalty-card`)).statusCode).toBe(401);

    for (const body of [
      { excluded: true, reason: '' },
      { excluded: true, reason: 'ok' },
      { excluded: true, reason: 'x'.repeat(301) },
      { excluded: true },
    ]) {
      const res = await staff(cs, 'POST', `${base}/premium-exclusion`, body);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain('Scrivi il motivo');
    }
    const flag = await staff(cs, 'POST', `${base}/premium-exclusion`, {
      excluded: 'sì',
      reason: 'Motivo valido',
    });
    expect(flag.statusCode).toBe(400);
    expect(flag.body.response.errorsMessage.join(' ')).toContain('Indica se escludere il cliente');
    for (const state of ['requested', 'lost', '']) {
      const res = await staff(cs, 'POST', `${base}/premium-card-state`, { state });
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain('Scegli lo stato della carta');
    }
    expect(await auditOf(c.userId, 'premium-exclude')).toBe(0);
    const unknown = await staff(cs, 'POST', '/admin/customers/2000000000/premium-exclusion', exclude);
    expect(unknown.body.response.status).not.toBe(0);
    expect(unknown.body.response.errorsMessage).toEqual(['Cliente non trovato.']);
    expect(
      (await staff(cs, 'GET', '/admin/customers/2000000000/loyalty-card')).body.response.errorsMessage,
    ).toEqual(['Cliente non trovato.']);
    expect((await staff(cs, 'GET', '/admin/customers/abc/loyalty-card')).statusCode).toBe(400);
  });
});

describe('what checkout asks (PremiumService)', () => {
  it('two free deliveries, each order once, even when orders race; none without premium', async () => {
    const premium = new PremiumService(
      t.db,
      new LoyaltyCardRepository(t.db, 30),
      accounts,
      { record: async () => {} },
      today,
    );
    const fidelity = await holder('free-fidelity');
    expect(await premium.benefitsOf(fidelity.userId)).toMatchObject({
      premium: false,
      freeDeliveriesLeft: 0,
    });
    const refused = await t.db.transaction((tx) => premium.takeFreeDelivery(fidelity.userId, 880_001, tx));
    expect(refused.ok).toBe(false);

    const c = await holder('free-premium');
    await becomePremium(c, 'digital');
    expect(await premium.benefitsOf(c.userId)).toMatchObject({
      premium: true,
      freeDeliveriesLeft: 2,
      // renewed for each calendar year (decision 043)
      productDiscountOn: true,
      productDiscountPercent: 20,
    });
    const orderBase = 890_000 + (c.userId % 1000) * 10;
    const results = await Promise.all(
      [0, 1, 2, 3, 0, 1].map((i) =>
        t.db.transaction((tx) => premium.takeFreeDelivery(c.userId, orderBase + i, tx)),
      ),
    );
    const used = await queryRows<{ orderId: number }>(
      t.db,
      sql`SELECT order_id AS "orderId" FROM premium_free_deliveries WHERE user_id = ${c.userId} ORDER BY order_id`,
    );
    expect(used).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.message.includes('già state usate'))).toBe(
      true,
    );
    expect((await premium.benefitsOf(c.userId)).freeDeliveriesLeft).toBe(0);
  });
});
