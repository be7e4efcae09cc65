import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletView } from '@spesa/shared/contracts/loyalty';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';

/**
 * The wallet (decision 037): the customer reads balance and movements; customer service grants goodwill
 * credits with a reason (audited); bad amounts, other roles and unknown customers change nothing; spends
 * racing on one wallet never take it below zero nor spend one key twice.
 */
const API = '/ebsn/api';
let t: TestApp;
let cs: string;
let picker: string;
let supervisor: string;
type Customer = Awaited<ReturnType<typeof newCustomer>>;
type AdminWallet = { data: WalletView & { userId: number } };

beforeAll(async () => {
  t = await buildTestApp();
  cs = await makeStaff(t, (await newCustomer(t, { tag: 'wallet-cs' })).userId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'wallet-picker' })).userId, [], 'picker');
  supervisor = await makeStaff(t, (await newCustomer(t, { tag: 'wallet-sup' })).userId, [], 'supervisor');
});
afterAll(async () => {
  await t?.close();
});

const as = <T>(token: string | null, path: string) => callAs<T>(t.app, token, 'GET', `${API}${path}`, {});
const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });
const credit = (token: string, c: Customer, amount: unknown, reason: unknown = 'Ritardo nella consegna') =>
  staff<AdminWallet>(token, 'POST', `/admin/customers/${c.userId}/wallet-credit`, { amount, reason });
const movementsOf = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM wallet_movements WHERE user_id = ${userId}`,
    )
  )[0]?.n ?? 0;

describe('the customer’s wallet', () => {
  it('starts empty; a goodwill credit shows with its reason; the balance is the sum', async () => {
    const c = await newCustomer(t, { tag: 'wallet-a' });
    const empty = await as<WalletView>(c.token, '/wallet/view');
    expect(empty.statusCode).toBe(200);
    expect(empty.body.data).toMatchObject({ balance: 0, movements: [], page: { totItems: 0 } });

    const first = await credit(cs, c, 5.5, 'Prodotto arrivato rotto');
    expect(first.statusCode).toBe(200);
    expect(first.body.response.infosMessage).toEqual(['Accreditati 5,50 € sul portafoglio del cliente.']);
    expect(first.body.data.data.balance).toBe(5.5);
    await credit(cs, c, 0.3);
    const view = await as<WalletView>(c.token, '/wallet/view');
    expect(view.body.data.balance).toBe(5.8);
    expect(view.body.data.movements.map((m) => [m.amount, m.balance, m.cause, m.description])).toEqual([
      [0.3, 5.8, 'goodwill', 'Accredito del servizio clienti: Ritardo nella consegna'],
      [5.5, 5.5, 'goodwill', 'Accredito del servizio clienti: Prodotto arrivato rotto'],
    ]);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit
          WHERE resource = 'customers' AND resource_id = ${String(c.userId)} AND action = 'wallet-credit' AND allowed`,
    );
    expect(audit?.n).toBe(2);
  });

  it('answers only the signed-in customer’s own wallet', async () => {
    const rich = await newCustomer(t, { tag: 'wallet-rich' });
    const other = await newCustomer(t, { tag: 'wallet-other' });
    await credit(cs, rich, 20);
    const mine = await as<WalletView>(other.token, `/wallet/view?user_id=${rich.userId}`);
    expect(mine.body.data?.balance ?? 0).toBe(0);
    const anonymous = await as(null, '/wallet/view');
    expect(anonymous.statusCode).toBe(401);
  });

  it('a bad page answers the envelope with an Italian error, never a 500', async () => {
    const c = await newCustomer(t, { tag: 'wallet-page' });
    for (const page of ['0', '-1', 'abc', '1e9', '99999999999', '1.5']) {
      const res = await as<WalletView>(c.token, `/wallet/view?page=${page}`);
      expect(res.statusCode, `page ${page}`).toBe(400);
      expect(res.body.response.errorsMessage).toEqual(['Il parametro page non è valido.']);
    }
  });

  it('refuses bad amounts and reasons with the Italian text, and writes nothing', async () => {
    const c = await newCustomer(t, { tag: 'wallet-bad' });
    for (const amount of [0, -5, 0.001, 12.345, 501, '10', null, Number.NaN, 1e308]) {
      const res = await credit(cs, c, amount);
      expect(res.statusCode, `amount ${String(amount)}`).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain('Indica un importo in euro');
    }
    for (const reason of ['', 'ok', 'x'.repeat(301), 42]) {
      const res = await credit(cs, c, 5, reason);
      expect(res.statusCode).toBe(400);
      expect(res.body.response.errorsMessage.join(' ')).toContain("Scrivi il motivo dell'accredito");
    }
    expect(await movementsOf(c.userId)).toBe(0);
  });

  it('only customer service and administrators credit; a supervisor reads; unknown customers are not found', async () => {
    const c = await newCustomer(t, { tag: 'wallet-roles' });
    expect((await credit(picker, c, 5)).statusCode).toBe(403);
    expect((await credit(supervisor, c, 5)).statusCode).toBe(403);
    expect((await staff(picker, 'GET', `/admin/customers/${c.userId}/wallet`)).statusCode).toBe(403);
    const read = await staff<AdminWallet>(supervisor, 'GET', `/admin/customers/${c.userId}/wallet`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data.data).toMatchObject({ userId: c.userId, balance: 0 });
    expect(await movementsOf(c.userId)).toBe(0);
    const unknown = await credit(cs, { ...c, userId: 2_000_000_000 }, 5);
    expect(unknown.body.response.status).not.toBe(0);
    expect(unknown.body.response.errorsMessage).toEqual(['Cliente non trovato.']);
    const badId = await staff(cs, 'GET', '/admin/customers/abc/wallet');
    expect(badId.statusCode).toBe(400);
  });
});

describe('spends racing on one wallet', () => {
  it('never below zero, each key spent once (20 spends of 1 € on a balance of 7 €, keys repeated)', async () => {
    const c = await newCustomer(t, { tag: 'wallet-race' });
    await credit(cs, c, 7);
    const wallet = new WalletService(t.db, new WalletRepository(t.db), { record: async () => {} });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          wallet.move(
            c.userId,
            {
              amountCents: -100,
              cause: 'order_payment',
              orderId: 900_000 + (i % 10),
              idempotencyKey: `race-${c.userId}-${i % 10}`,
            },
            tx,
          ),
        ),
      ),
    );
    const spent = new Set(results.filter((r) => r.ok).map((r) => (r.ok ? r.data.movementId : 0)));
    const refused = results.filter((r) => !r.ok);
    // ten distinct keys: seven spent (the balance), three refused; a repeated key answers its first movement
    expect(spent.size).toBe(7);
    for (const r of refused)
      expect(r.ok ? '' : r.message).toBe('Il saldo del portafoglio non basta per questo importo.');
    const view = await as<WalletView>(c.token, '/wallet/view');
    expect(view.body.data.balance).toBe(0);
    expect(view.body.data.movements.map((m) => m.balance)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
