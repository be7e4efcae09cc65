import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { ensureLoyaltyCardData } from './loyalty-card';

/** The demo loyalty cards a newcomer finds (README): a fidelity card, a premium card, an excluded customer. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureLoyaltyCardData({ demoAccounts: true }, t.db);
  await ensureLoyaltyCardData({ demoAccounts: true }, t.db); // a second start changes nothing
});
afterAll(() => t?.close());

const cardOf = async (email: string) => {
  const who = await login(t.app, email, DEMO_PASSWORD);
  return (await callAs<CardView>(t.app, who.cookie, 'GET', '/ebsn/api/loyalty/card')).body.data;
};

describe('demo loyalty cards', () => {
  it('Mario holds a fidelity card, Giulia a premium one, Anna is excluded from premium', async () => {
    const mario = await cardOf('mario.rossi@spesa.demo');
    expect(mario.card).toMatchObject({ cardNumber: '2600000000017', cardType: 'fidelity', valid: true });
    expect(mario.premium).toMatchObject({ active: false, excluded: false, canRequest: true });
    const giulia = await cardOf('giulia.bianchi@spesa.demo');
    expect(giulia.card).toMatchObject({ cardNumber: '2700000000021', cardType: 'premium' });
    expect(giulia.premium).toMatchObject({ active: true, excluded: false, canRequest: false });
    const anna = await cardOf('anna.verdi@spesa.demo');
    expect(anna.premium).toMatchObject({ active: false, excluded: true, canRequest: false });
  });
});
