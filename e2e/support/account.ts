import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts of the README (apps/api/src/db/seed/accounts.ts). */
export const DEMO_PASSWORD = 'Spesa2026!';

/** The demo customers of the README, as the journeys sign them in. */
export const DEMO_CUSTOMERS = {
  anna: { email: 'anna.verdi@spesa.demo', password: DEMO_PASSWORD, firstName: 'Anna' },
  mario: { email: 'mario.rossi@spesa.demo', password: DEMO_PASSWORD, firstName: 'Mario' },
  giulia: { email: 'giulia.bianchi@spesa.demo', password: DEMO_PASSWORD, firstName: 'Giulia' },
} as const;

/** A fresh address per run and attempt (retries register again). */
export const uniqueEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The cookie banner shows on a first visit (every test has a fresh browser): "Accetta tutti". */
export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accetta tutti' });
  await accept.click();
  await expect(accept).toBeHidden();
}

/** Opens the login dialog from the header and signs in; waits for the header to greet the customer. */
export async function signIn(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByRole('textbox', { name: /E-mail o numero di carta/ }).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('banner').getByText(`Ciao, ${firstName}`)).toBeVisible();
}

/**
 * Signs a customer in through the API in the page's browser context (page.request shares its cookies), as the
 * login dialog does: the bot check's proof of work solved, then POST /auth/login with "remember me" on. The
 * session cookie is the real one; the next page the browser loads is signed in. The dialog itself has its
 * journeys (account-registration, account-security, cart); the journeys about something else start signed in
 * this way, without opening it each time. Checks the envelope; the caller checks what the page shows.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  await test.step(`sign in ${email} (API)`, async () => {
    const token = await solvedBotCheck(page.request);
    const res = await page.request.post(`/ebsn/api/auth/login?token=${encodeURIComponent(token)}`, {
      data: { login: email, password, remember_me: true },
    });
    const body = (await res.json()) as { response: { status: number; errors: unknown[] } };
    expect(body.response.status, `POST /auth/login ${email}: ${JSON.stringify(body.response.errors)}`).toBe(
      0,
    );
  });
}

/**
 * A journey's start as a returning customer: signed in through the API, then `path` opened, the cookie banner
 * answered and the header's greeting checked.
 */
export async function openSignedIn(
  page: Page,
  customer: { email: string; password: string; firstName: string },
  path = '/',
): Promise<void> {
  await signInThroughApi(page, customer.email, customer.password);
  await page.goto(path);
  await acceptCookies(page);
  await expectGreeting(page, customer.firstName);
}

/**
 * The header greets the signed-in customer by first name. On a journey's first page the greeting comes after
 * the page's lazy chunks, the account menu's last (seen past 10 s on this 2-core machine under load): the
 * patience of a first page (shop.ts, settleAndScan).
 */
export async function expectGreeting(page: Page, firstName: string): Promise<void> {
  await expect(page.getByRole('banner').getByText(`Ciao, ${firstName}`)).toBeVisible({ timeout: 30_000 });
}

/**
 * GET /auth/challenge, solved (ALTCHA v1: the number whose SHA-256 with the salt is the challenge) and encoded
 * as the login's `token`, as apps/web's bot-token.ts does in the browser.
 */
async function solvedBotCheck(request: APIRequestContext): Promise<string> {
  const res = await request.get('/ebsn/api/auth/challenge');
  const { data } = (await res.json()) as {
    data: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  };
  expect(data.algorithm, 'the bot check algorithm').toBe('SHA-256');
  let number = -1;
  for (let n = 0; n <= data.maxnumber; n++) {
    if (createHash('sha256').update(`${data.salt}${n}`).digest('hex') === data.challenge) {
      number = n;
      break;
    }
  }
  expect(number, 'the bot check solved').toBeGreaterThanOrEqual(0);
  const { algorithm, challenge, salt, signature } = data;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
}

/**
 * The newest mail to `to` in the development mailbox (/dev/mailbox): its text as shown, so a journey can
 * follow the link or read the PIN like a person would.
 */
export async function readLatestMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<{ html: string; url: string }> {
  let mailPath: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await (await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`)).text();
        const rows = [...list.matchAll(/<a href="(\/dev\/mailbox\/\d+)">([^<]*)<\/a>/g)];
        mailPath = rows.find((r) => subject.test(r[2] ?? ''))?.[1] ?? null;
        return mailPath;
      },
      { message: `no mail "${subject}" to ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  const html = await (await request.get(mailPath!)).text();
  return { html: html.replace(/&amp;/g, '&'), url: mailPath! };
}

export function linkIn(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  expect(match, `link ${pattern} in the mail`).not.toBeNull();
  return match![0];
}

/**
 * A new, confirmed customer made through the API (the registration UI has its own journey): register, then
 * follow the confirmation link of the mail. Journeys that change an account use one of these, so a retry
 * never meets the state a failed attempt left behind.
 */
export async function registerConfirmedCustomer(
  request: APIRequestContext,
  tag: string,
): Promise<{ email: string; password: string; firstName: string }> {
  const email = uniqueEmail(tag);
  const password = 'Prova-2026!';
  const res = await request.post('/ebsn/api/registration/register_user', {
    data: {
      registrationType: 'email',
      person: {
        firstName: 'Sara',
        lastName: 'Ferrari',
        gender: 'F',
        birthDate: '1992-03-14',
        birthPlace: 'Bergamo',
        birthCountry: 'Italia',
        italianCitizen: false,
        fiscalCode: '',
        mobilePhone: '3391112233',
        homePhone: '',
      },
      domicile: {
        address1: 'Via Borgo Palazzo',
        addressNumber: '10',
        postalCode: '24125',
        city: 'Bergamo',
        province: 'BG',
        countryId: 1,
      },
      account: {
        email,
        password,
        passwordConfirm: password,
        disclaimers: [
          { registrationDisclaimerId: 1, value: true },
          { registrationDisclaimerId: 2, value: true },
        ],
      },
    },
  });
  expect((await res.json()).response.status, 'register_user').toBe(0);
  const mail = await readLatestMail(request, email, /Conferma la tua registrazione/);
  const link = new URL(linkIn(mail.html, /http:\/\/[^"\s]+registration_confirm\?[^"\s<]+/));
  const confirmed = await request.get(link.pathname + link.search, {
    headers: { accept: 'application/json' },
  });
  expect((await confirmed.json()).response.status, 'registration_confirm').toBe(0);
  return { email, password, firstName: 'Sara' };
}
