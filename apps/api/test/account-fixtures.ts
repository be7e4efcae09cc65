import { AccountRepository } from '../src/modules/account/account.repository';
import type { RegisterUserBody } from '@spesa/shared/contracts/account';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { loyaltyCards, users } from '../src/db/schema';
import { ean13CheckDigit } from '../src/db/seed/ean';
import { callAs, findInMail, lastMailTo, login, uniqueEmail } from './helper';

/**
 * Account tests: a complete, valid registration body (the three steps of the wizard) and a way to get a
 * fresh confirmed customer with a session. Every test that changes data works on its own new user
 * (the tests of a file share its database).
 */
export const NEW_PASSWORD = 'Nuova2026!';

/** Mario Rossi, born in Milano on 10/12/1985: the tax code agrees with every personal datum. */
export function registrationBody(email: string, over: Partial<RegisterUserBody> = {}): RegisterUserBody {
  return {
    registrationType: 'email',
    person: {
      firstName: 'Mario',
      lastName: 'Rossi',
      gender: 'M',
      birthDate: '1985-12-10',
      birthPlace: 'Milano',
      birthCountry: 'Italia',
      italianCitizen: true,
      fiscalCode: 'RSSMRA85T10F205R',
      mobilePhone: '3331234567',
      homePhone: '',
    },
    domicile: {
      address1: 'Via Dante',
      addressNumber: '12',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      countryId: 1,
    },
    account: {
      email,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
      disclaimers: [
        { registrationDisclaimerId: 1, value: true },
        { registrationDisclaimerId: 2, value: true },
        { registrationDisclaimerId: 3, value: false },
        { registrationDisclaimerId: 4, value: false },
      ],
    },
    ...over,
  };
}

export const register = (app: App, body: unknown) =>
  callAs<{ userId: number; email: string; confirmationRequired: boolean }>(
    app,
    null,
    'POST',
    '/ebsn/api/registration/register_user',
    { payload: body },
  );

/** The path and query of the confirmation link in the newest mail to `email`. */
export async function confirmationPath(db: Db, email: string): Promise<string> {
  const mail = await lastMailTo(db, email);
  expect(mail?.template).toBe('registration-confirm');
  return findInMail(mail?.textBody ?? '', /(\/ebsn\/api\/registration\/registration_confirm\?\S+)/);
}

export interface Customer {
  email: string;
  password: string;
  userId: number;
  cookie: string;
}

/** A new customer, registered, confirmed through the mailed link and signed in. */
export async function newCustomer(app: App, db: Db, tag = 'cliente'): Promise<Customer> {
  const email = uniqueEmail(tag);
  const reg = await register(app, registrationBody(email));
  expect(reg.body.response.status).toBe(0);
  const confirm = await app.inject({ method: 'GET', url: await confirmationPath(db, email) });
  expect(JSON.parse(confirm.body).response.status).toBe(0);
  const signedIn = await login(app, email, NEW_PASSWORD);
  expect(signedIn.cookie).toBeTruthy();
  return { email, password: NEW_PASSWORD, userId: reg.body.data.userId, cookie: signedIn.cookie ?? '' };
}

/** How many accounts hold this e-mail (0 when a refused registration wrote nothing). */
export async function accountsWithEmail(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.n ?? 0;
}

/** A loyalty card of its own for one test (13-digit EAN, prefix 29), held by `holderLastName`. */
export async function newLoyaltyCard(db: Db, holderLastName: string): Promise<string> {
  const body = `29${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const cardNumber = body + String(ean13CheckDigit(body));
  await db.insert(loyaltyCards).values({ cardNumber, cardType: 'fidelity', holderLastName });
  return cardNumber;
}

/** A new loyalty card linked to a customer who has none (through the account repository); its number. */
export async function linkNewCard(db: Db, userId: number): Promise<string> {
  const cardNumber = await newLoyaltyCard(db, 'Cliente');
  if (!(await new AccountRepository(db).linkCard(userId, cardNumber, db))) throw new Error('card not linked');
  return cardNumber;
}

/** A copy of `body` with the value at a dotted path replaced (undefined removes it). */
export function withField<T>(body: T, path: string, value: unknown): T {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as T;
}
