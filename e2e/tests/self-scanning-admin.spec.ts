import { expect, test } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { signInToAdmin } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { call } from '../support/checkout';

// Self-scanning in the back office (decision 057): a customer self-scans at Milano Città Studi and ends; the
// till reports the re-scan check of the flagged session; the store manager sees today's session and its outcome,
// sets the share of sessions to re-scan (a wrong value refused in Italian) and opens the entrance poster (PDF).

const STORE = { id: 13, till: 'CASSE-13', secret: 'demo-casse-13-segreto' };

test('un responsabile di negozio vede le spese self-scanning di oggi, cambia la quota da ricontrollare e stampa il cartello', async ({
  page,
  browser,
}) => {
  // the customer's session, ended; the store flags every session while the manager looks (100 %)
  await signInToAdmin(page, 'negozio@spesa.demo');
  const settings = await call<{ data: { updatedAt: string | null } }>(
    page.request,
    'GET',
    `/admin/self-scanning/${STORE.id}`,
  );
  await call(page.request, 'POST', `/admin/self-scanning/${STORE.id}`, {
    rescanPercent: 100,
    updatedAt: settings.data.updatedAt,
  });
  const shop = await browser.newContext();
  const customerPage = await shop.newPage();
  const customer = await registerConfirmedCustomer(shop.request, 'ss-admin');
  await openSignedIn(customerPage, customer);
  const q = `store_id=${STORE.id}&show_sectors=false`;
  await call(shop.request, 'GET', `/smart-cart/view?${q}&calculate_stock=false`);
  const { products } = await call<{ products: Array<{ barcode?: string | null }> }>(
    shop.request,
    'GET',
    '/products?q=latte&page_size=20',
  );
  const barcode = products.map((p) => p.barcode).find((b) => b && /^\d{13}$/.test(b));
  await call(shop.request, 'POST', `/smart-cart/add_prod?${q}`, { items: [{ code: barcode }] });
  const ended = await call<{ tillCode: string }>(shop.request, 'POST', '/smart-cart/update-cart-info', {
    property: 'status',
    value: 'end',
  });
  const rescan = await shop.request.post('/ebsn/api/smart-cart/till/rescan', {
    headers: { 'x-till-system': STORE.till, 'x-till-secret': STORE.secret },
    data: {
      code: ended.tillCode,
      tillCode: '2',
      outcome: 'discrepancies',
      discrepancies: 1,
      adjustedCents: 120,
    },
  });
  expect(((await rescan.json()) as { response: { status: number } }).response.status).toBe(0);
  await shop.close();

  // the back office: the manager's store only, today's counts
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Self-scanning' }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Attivo');
  await expectAccessible(page, 'admin: self-scanning, elenco');
  await rows.first().click();
  const sessions = page.getByRole('table', { name: 'Spese self-scanning di oggi' });
  await expect(sessions.locator('tbody tr').filter({ hasText: '1 differenza' }).first()).toContainText(
    'Conclusa, da pagare',
  );
  await expect(page.getByText('SPESA-NEGOZIO-13')).toBeVisible();
  await expectAccessible(page, 'admin: self-scanning, punto vendita');

  // the poster: an A4 PDF
  const poster = page.getByRole('link', { name: 'Stampa il cartello (PDF)' });
  const href = await poster.getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // the share: 150 refused in Italian, 25 saved
  await page.getByRole('link', { name: 'Modifica impostazioni' }).click();
  const share = page.getByLabel(/Spese da ricontrollare in cassa/);
  await expectAccessible(page, 'admin: self-scanning, impostazioni');
  await share.fill('150');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Indica una percentuale intera da 0 a 100.')).toBeVisible();
  await share.fill('25');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('25%')).toBeVisible();
});
