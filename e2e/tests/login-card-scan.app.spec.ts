import { expect, test } from '../support/started-servers';
import { DEMO_PASSWORD } from '../support/admin';
import { accountButton, openApp } from '../support/app';
import { expectAccessible } from '../support/axe';
import { barcodeVideo, fakeCamera } from '../support/fake-camera';

// The app build (decision 055, `npm run build:app -w @spesa/web`, served by the `app` project's server): the
// login dialog's scan-card button reads the loyalty card from the phone's camera (Chromium's fake camera fed a
// video of the card's EAN-13), the number lands in the login field, the customer types the password and is in.

/** Mario Rossi's fidelity card (seed/accounts.ts, card 1): the shop signs in by card number or e-mail */
const CARD = '2600000000017';
// the camera sees the card after 5 s: the open scanner is checked for accessibility first
test.use(fakeCamera(await barcodeVideo(CARD, 'ean13', { blankSeconds: 5 })));

test('app: la carta fedeltà inquadrata all’accesso compila il campo, poi la password e si entra', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Accedi' });
  const scan = login.getByRole('button', { name: 'Scansiona la carta fedeltà' });
  await expect(scan).toBeVisible();
  await expectAccessible(page, 'accesso (app) con il pulsante della carta');
  await scan.click();
  const scanner = page.getByRole('dialog', { name: 'Scansiona la carta fedeltà' });
  await expect(scanner).toBeVisible();
  await expectAccessible(page, 'scansione della carta all’accesso');
  const field = login.getByRole('textbox', { name: /E-mail o numero di carta/ });
  await expect(field).toHaveValue(CARD, { timeout: 30_000 });
  await expect(scanner).toHaveCount(0);
  // the password field has the focus: the customer types it and signs in
  await expect(login.getByLabel(/^Password/)).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(login).toBeHidden({ timeout: 20_000 });
  await expect(accountButton(page, 'Mario')).toBeVisible();
});
