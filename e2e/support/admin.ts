import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { serverNow } from './clock.mjs';

/** The demo password of every seeded account (README). */
export const DEMO_PASSWORD = 'Spesa2026!';

// a retried journey runs on the same database: the authenticator secret enrolled by the first try is kept here
// (outside Playwright's output folder, which each run empties)
// and so is each staff member's session: the sign-in is throttled per account (10 attempts in 15 minutes, two
// per sign-in), so the journeys sign each one in once and reuse the session while the server accepts it.
// One file per member and kind: two workers signing in two members never write the same file.
const stateDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../var/e2e-state');
type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
type Kind = 'staff-totp' | 'staff-session';
// per server too: the payment journeys' server has a database of its own, so its members enrol their own
// authenticator secrets and hold their own sessions (one file for both servers made them overwrite each other)
const serverOf = () => {
  const base = test.info().project.use.baseURL;
  return base ? new URL(base).port || 'default' : 'default';
};
const stateFile = (kind: Kind, email: string) => resolve(stateDir, `${kind}.${serverOf()}.${email}.json`);
function readState<T>(kind: Kind, email: string): T | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(kind, email), 'utf8')) as T;
  } catch {
    return undefined;
  }
}
function keepState(kind: Kind, email: string, value: unknown): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(stateFile(kind, email), JSON.stringify(value));
}

/** The authenticator secret a staff member enrolled at their first sign-in to /admin (signInToAdmin). */
export const secretOf = (email: string): string | undefined => readState<string>('staff-totp', email);

/**
 * The authenticator's code now, as an app on the staff member's phone shows it (its clock is the server's);
 * `steps` later (negative: earlier), as a phone whose clock is that many 30-second steps off shows it.
 */
export const codeOf = (secret: string, steps = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(serverNow() / 1000) + steps * 30 });

/**
 * A journey's start as a staff member: signed in to /admin, its dashboard open. The member's session is
 * reused while the server accepts it; otherwise the member signs in through the API (POST /admin/auth/login,
 * at the first sign-in the enrolment with the authenticator's first code), as the login page does, without
 * opening it: the sign-in form and the enrolment have their journey (admin.spec, signInToAdminWithForm).
 */
export async function signInToAdmin(page: Page, email: string): Promise<void> {
  await oneWorkerAtATime(email, () => signIn(page, email, 'api'));
}

/**
 * Signs a demo staff member in to /admin as a person does, on the login page: e-mail and password, then the
 * authenticator's code; at the first sign-in, the QR code's key (shown beside it) is read into the "app" and
 * its first code typed, and the recovery codes acknowledged. A saved session is not reused.
 */
export async function signInToAdminWithForm(page: Page, email: string): Promise<void> {
  await oneWorkerAtATime(email, () => signIn(page, email, 'form'));
}

/**
 * Runs a member's sign-in in one worker at a time: two first sign-ins at once each get a QR code, and the
 * second voids the first ("L'attivazione è scaduta"); after the first, the others reuse its session. The lock is
 * a folder in var/e2e-state; one older than any sign-in was left by a run that was stopped.
 */
async function oneWorkerAtATime(email: string, signInOnce: () => Promise<void>): Promise<void> {
  const lock = resolve(stateDir, `${email}.lock`);
  mkdirSync(stateDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
  }
  try {
    await signInOnce();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function signIn(page: Page, email: string, how: 'api' | 'form'): Promise<void> {
  const welcome = page.getByRole('heading', { name: /Benvenuto/ });
  const saved = how === 'api' ? readState<Cookies>('staff-session', email) : undefined;
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto('/admin');
    await expect(welcome.or(page.getByLabel('E-mail'))).toBeVisible();
    if (await welcome.isVisible()) return;
  }
  if (how === 'api') {
    await signInThroughApi(page.request, email);
    await page.goto('/admin');
    await expect(welcome).toBeVisible();
    keepState('staff-session', email, await page.context().cookies());
    return;
  }
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continua' }).click();
  const secretShown = page.getByTestId('totp-secret');
  const codeAsked = page.getByLabel(/Codice a 6 cifre o codice di recupero/);
  await expect(secretShown.or(codeAsked)).toBeVisible();
  if (await secretShown.isVisible()) {
    const secret = (await secretShown.textContent()) ?? '';
    keepState('staff-totp', email, secret);
    await page.getByLabel('Primo codice a 6 cifre').fill(await codeOf(secret));
    await page.getByRole('button', { name: 'Attiva e accedi' }).click();
    await expect(page.getByRole('heading', { name: 'Codici di recupero' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Codici di recupero' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await page.getByRole('button', { name: 'Ho salvato i codici, entra' }).click();
  } else {
    const secret = secretOf(email);
    expect(secret, `the authenticator secret of ${email} (enrolled by an earlier try)`).toBeTruthy();
    // a code is taken once (the server refuses its replay): when a parallel journey signed the same member in
    // within the same 30 s, the app's next code is the one to type, as a person would wait for it
    const refused = page.getByText('Il codice non è valido o è già stato usato.');
    for (let attempt = 1; ; attempt++) {
      await codeAsked.fill(await codeOf(secret ?? ''));
      await page.getByRole('button', { name: 'Continua' }).click();
      await expect(welcome.or(refused)).toBeVisible();
      if ((await welcome.isVisible()) || attempt === 3) break;
      await page.waitForTimeout(30_000 - (serverNow() % 30_000) + 500);
    }
  }
  await expect(welcome).toBeVisible();
  keepState('staff-session', email, await page.context().cookies());
}

type Envelope<T> = { response: { status: number; errors: unknown[] }; data: T };
type LoginData =
  | { state: 'signedIn' }
  | { state: 'codeRequired' }
  | { state: 'enrol'; enrolmentToken: string; secret: string };

/**
 * The login page's calls, from Node in the page's browser context (its cookies): the password, then the
 * authenticator's code, or at the first sign-in the enrolment with the first code (the secret kept for the
 * journeys that type codes). The "app" here is a phone one step behind: its code is the previous step's, which
 * the server accepts as clock drift, so a person's code typed in the same 30 s afterwards (a journey's sign-in
 * form) is still new to the server; when a form took that step already, the next steps' codes are tried.
 */
async function signInThroughApi(request: APIRequestContext, email: string): Promise<void> {
  await test.step(`staff sign-in ${email} (API)`, async () => {
    const post = async <T>(path: string, data: object) => {
      const res = await request.post(`/ebsn/api/admin/auth/${path}`, { data });
      return (await res.json()) as Envelope<T>;
    };
    const first = await post<LoginData>('login', { login: email, password: DEMO_PASSWORD });
    expect(
      first.response.status,
      `POST /admin/auth/login ${email}: ${JSON.stringify(first.response.errors)}`,
    ).toBe(0);
    if (first.data.state === 'signedIn') return;
    const { data } = first;
    const secret = data.state === 'enrol' ? data.secret : (secretOf(email) ?? '');
    if (data.state === 'enrol') keepState('staff-totp', email, secret);
    expect(secret, `the authenticator secret of ${email} (enrolled by an earlier sign-in)`).toBeTruthy();
    let last: Envelope<unknown> = first;
    for (const steps of [-1, 0, 1]) {
      const otp = await codeOf(secret, steps);
      last =
        data.state === 'enrol'
          ? await post('enrol', { enrolmentToken: data.enrolmentToken, otp })
          : await post<LoginData>('login', { login: email, password: DEMO_PASSWORD, otp });
      if (last.response.status === 0) return;
    }
    throw new Error(`${email} not signed in through the API: ${JSON.stringify(last.response.errors)}`);
  });
}
