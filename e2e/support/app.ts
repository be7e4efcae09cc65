import { expect, type Page } from '@playwright/test';
import { acceptCookies } from './account';
import { expectAccessible } from './axe';

/** Opens the app build's home, accepts the cookies and skips the first-run tutorial (the demo shop has one). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await acceptCookies(page);
  const skip = page.getByRole('button', { name: 'Salta' });
  await expect(skip).toBeVisible();
  await expectAccessible(page, 'tutorial (app)');
  await skip.click();
  await expect(skip).toHaveCount(0);
}

/** The header's account button once signed in (on a phone the greeting is its name, not visible text). */
export const accountButton = (page: Page, firstName: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(`Ciao, ${firstName}`) });

/** Signs in through the login dialog with an e-mail or card number and the password. */
export async function signInApp(
  page: Page,
  login: string,
  password: string,
  firstName: string,
): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByRole('textbox', { name: /E-mail o numero di carta/ }).fill(login);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(accountButton(page, firstName)).toBeVisible();
}
