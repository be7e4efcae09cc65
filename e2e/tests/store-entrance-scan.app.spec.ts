import { expect, test } from '../support/started-servers';
import { registerConfirmedCustomer } from '../support/account';
import { openApp, signInApp } from '../support/app';
import { expectAccessible } from '../support/axe';
import { barcodeVideo, fakeCamera } from '../support/fake-camera';

// The app build in the store (decision 057): at the entrance the customer scans the store's code, the CODE 128
// printed on the back office's poster (`SPESA-NEGOZIO-<id>`), and the self-scanning session opens at that store.

const STORE = { id: 13, name: 'Spesa Milano Città Studi' };
// the camera sees the code after 5 s: the open scanner is checked for accessibility first
test.use(fakeCamera(await barcodeVideo(`SPESA-NEGOZIO-${STORE.id}`, 'code128', { blankSeconds: 5 })));

test('app: il codice all’ingresso del negozio, inquadrato, apre la spesa self-scanning in quel negozio', async ({
  page,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'entrance');
  await openApp(page);
  await signInApp(page, customer.email, customer.password, customer.firstName);
  await page.goto('/self-scanning');
  await page.getByRole('button', { name: 'Inquadra il codice del negozio' }).click();
  const scanner = page.getByRole('dialog', { name: 'Inquadra il codice all’ingresso del negozio' });
  await expect(scanner).toBeVisible();
  await expectAccessible(page, 'scansione del codice del negozio');
  await expect(page).toHaveURL(new RegExp(`/self-scanning/${STORE.id}$`), { timeout: 30_000 });
  await expect(page.getByText(`Negozio: ${STORE.name}`)).toBeVisible();
  await expectAccessible(page, 'self-scanning aperto dal codice del negozio');
});
