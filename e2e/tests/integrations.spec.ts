import { expect, test } from '@playwright/test';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';

// The integration API's clients in the back office (decision 096): an administrator registers a system, reads its
// secret once, the system gets a token and reads the orders' feed; once revoked, it is refused.

test('un amministratore registra un sistema, il sistema legge il feed degli ordini, poi le credenziali sono revocate', async ({
  page,
  request,
}) => {
  const name = `ERP e2e ${Date.now().toString(36)}`;
  await signInToAdmin(page, 'admin@spesa.demo');
  await page.getByRole('menuitem', { name: 'Integrazioni' }).click();
  await expect(page.getByRole('heading', { name: 'Integrazioni', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome del sistema' }).fill(name);
  await page.getByRole('checkbox', { name: 'Ordini' }).check();
  await page.getByRole('checkbox', { name: 'Giacenze' }).check();
  await page.getByRole('button', { name: 'Crea credenziali' }).click();
  const shown = page.getByRole('alert').filter({ hasText: 'non sarà più mostrato' });
  await expect(shown).toBeVisible();
  const text = (await shown.textContent()) ?? '';
  const clientId = /client_id: (cli_[0-9a-f]{24})/.exec(text)?.[1];
  const secret = /client_secret: (sec_[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  expect(clientId).toBeDefined();
  expect(secret).toBeDefined();
  await expectAccessible(page, 'admin: integrazioni');

  const token = async () =>
    request.post('/ebsn/api/integration/oauth/token', {
      form: { grant_type: 'client_credentials', scope: 'orders' },
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    });
  const granted = await token();
  expect(granted.status()).toBe(200);
  const { access_token: accessToken } = (await granted.json()) as { access_token: string };
  const feed = await request.get('/ebsn/api/integration/v1/orders/events?cursor=0&limit=5', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(feed.status()).toBe(200);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Ordini, Giacenze');
  await expect(row).not.toContainText('mai');
  await row.getByRole('button', { name: `Revoca le credenziali di ${name}` }).click();
  await expect(page.getByText('Credenziali revocate.')).toBeVisible();
  await expect(row).toContainText('Revocato');
  expect((await token()).status()).toBe(401);
  const refused = await request.get('/ebsn/api/integration/v1/orders/events', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(401);
});
