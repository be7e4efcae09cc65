import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletView } from '@spesa/shared/contracts/loyalty';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { ensureWalletData } from './wallet';

/** The demo wallet credits a newcomer finds (README), seeded once. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureWalletData({ demoAccounts: true }, t.db);
  await ensureWalletData({ demoAccounts: true }, t.db); // a second start changes nothing
});
afterAll(() => t?.close());

describe('demo wallet credits', () => {
  it('Mario has 5,00 € from customer service, Giulia 2,40 € refunded; once each', async () => {
    const mario = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const his = await callAs<WalletView>(t.app, mario.cookie, 'GET', '/ebsn/api/wallet/view');
    expect(his.body.data.balance).toBe(5);
    expect(his.body.data.movements.map((m) => m.description)).toEqual([
      'Accredito del servizio clienti: Scuse per la consegna in ritardo',
    ]);
    const giulia = await login(t.app, 'giulia.bianchi@spesa.demo', DEMO_PASSWORD);
    const hers = await callAs<WalletView>(t.app, giulia.cookie, 'GET', '/ebsn/api/wallet/view');
    expect(hers.body.data.balance).toBe(2.4);
    expect(hers.body.data.movements.map((m) => m.cause)).toEqual(['refund']);
  });
});
