import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
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

/** The authenticator's code now, as an app on the staff member's phone shows it (its clock is the server's). */
export const codeOf = (secret: string): Promise<string> =>
  generate({ secret, epoch: Math.floor(serverNow() / 1000) });

/**
 * Signs a demo staff member in to /admin as a person does: e-mail and password, then the authenticator's
 * code; at the first sign-in, the QR code's key (shown beside it) is read into the "app" and its first code
 * typed, and the recovery codes acknowledged. A later call reuses that session while it is valid.
 */
export async function signInToAdmin(page: Page, email: string): Promise<void> {
  await oneWorkerAtATime(email, () => signIn(page, email));
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

async function signIn(page: Page, email: string): Promise<void> {
  const welcome = page.getByRole('heading', { name: /Benvenuto/ });
  const saved = readState<Cookies>('staff-session', email);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto('/admin');
    await expect(welcome.or(page.getByLabel('E-mail'))).toBeVisible();
    if (await welcome.isVisible()) return;
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
