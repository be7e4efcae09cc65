import { AccountRepository } from '../src/modules/account/account.repository';
import { hashPassword } from '../src/modules/account/secrets';
import { callAs, DEMO_PASSWORD, login, uniqueEmail, type TestApp } from './helper';

/**
 * A fresh, confirmed customer signed in (the tests of a file share its database, so tests that change a
 * customer's data make their own). Inserted through the account repository.
 */
export async function newCustomer(
  t: TestApp,
  opts: { tag?: string; legalIds?: number[] } = {},
): Promise<{ userId: number; token: string; email: string }> {
  const email = uniqueEmail(opts.tag ?? 'delivery');
  const user = await new AccountRepository(t.db).insertUser({
    login: email,
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    profileConfirmed: true,
    legalIds: opts.legalIds ?? [],
    firstName: 'Test',
    lastName: 'Cliente',
  });
  if (!user) throw new Error('newCustomer: insert failed');
  const res = await login(t.app, email, DEMO_PASSWORD);
  if (!res.cookie) throw new Error(`newCustomer: login failed ${JSON.stringify(res.body.response)}`);
  return { userId: user.userId, token: res.cookie, email };
}

/** A home address in Lecco (23900, a home-delivery zone of the demo data) saved by the customer: its id. */
export async function saveLeccoHome(t: TestApp, token: string): Promise<number> {
  const saved = await callAs<{ address: { addressId: number } }>(
    t.app,
    token,
    'POST',
    '/ebsn/api/user-address/update',
    {
      payload: {
        addressName: 'Casa',
        receiverName: 'Piero Sala',
        address1: 'Via Roma',
        addressNumber: '3',
        postalcode: '23900',
        city: 'Lecco',
        province: 'LC',
        phone: '3391234567',
      },
    },
  );
  return saved.body.data.address.addressId;
}
