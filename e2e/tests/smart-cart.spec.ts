import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { expectAccessible } from '../support/axe';
import { call } from '../support/checkout';
import { barcodeVideo, fakeCamera } from '../support/fake-camera';

// Self-scanning in the store and the card scan (issue 25, decision 057): a customer self-scans three products
// (one weighed, from a department scale's prefix-2 label) typing their codes, with the network cut in the
// middle: the scans made offline wait on the phone and are applied when the network returns; the end shows the
// till code, which the store's till reads back. Then a loyalty card is read from the (fake) camera.

/** The store with self-scanning and its demo till (seed/smartcart.ts, seed/receipts.ts). */
const STORE = { id: 13, name: 'Spesa Milano Città Studi', till: 'CASSE-13', secret: 'demo-casse-13-segreto' };
/** a spare fidelity card of the demo data (seed/accounts.ts, "Colombo"): only read here, never linked */
const CARD = '2600000001014';

// ---- the fake camera: a Y4M video of the card's EAN-13, drawn by bwip-js, fed to Chromium ----
test.use(fakeCamera(await barcodeVideo(CARD)));

/** GS1 check digit (the labels are built here independently of the shop's decoder) */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
/** a department scale's label: 2, kind 1 (weight), the 5-digit item (the product id), grams, check digit */
const weightLabel = (productId: number, grams: number) => {
  const body = `21${String(productId).padStart(5, '0')}${String(grams).padStart(5, '0')}`;
  return `${body}${checkDigit(body)}`;
};

interface WireProduct {
  productId: number;
  name: string;
  barcode: string | null;
  productInfos: Record<string, string>;
}
/** two products sold by the piece with a barcode, and a loose one, from the public catalogue */
async function pickProducts(request: APIRequestContext) {
  const tree = await call<{
    categories: Array<{ categoryId: number; categories?: Array<{ categoryId: number }> }>;
  }>(request, 'GET', '/category');
  const pieces: WireProduct[] = [];
  let loose: WireProduct | undefined;
  for (const c of tree.categories.flatMap((d) => d.categories ?? [d])) {
    const data = await call<{ products: WireProduct[] }>(
      request,
      'GET',
      `/products?parent_category_id=${c.categoryId}&page_size=100`,
    );
    for (const p of data.products) {
      if (
        p.productInfos.TIPOLOGIA === 'Pezzo' &&
        p.barcode &&
        /^\d{13}$/.test(p.barcode) &&
        pieces.length < 2
      )
        pieces.push(p);
      if (!loose && p.productInfos.TIPOLOGIA === 'Sfuso' && p.productId < 100000) loose = p;
    }
    if (pieces.length === 2 && loose) break;
  }
  expect(pieces).toHaveLength(2);
  expect(loose).toBeDefined();
  return { first: pieces[0]!, second: pieces[1]!, loose: loose! };
}

test('un cliente fa la spesa self-scanning con la rete che cade a metà e mostra il codice alla cassa', async ({
  page,
  context,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'selfscan');
  const { first, second, loose } = await pickProducts(request);

  await openSignedIn(page, customer);
  await page.goto('/self-scanning');
  await expect(page.getByRole('heading', { level: 1, name: 'Spesa self-scanning' })).toBeVisible();
  await expectAccessible(page, 'self-scanning: scegli il negozio');
  await page.getByRole('link', { name: STORE.name }).click();
  await expect(page.getByText(`Negozio: ${STORE.name}`)).toBeVisible();
  await expectAccessible(page, 'self-scanning: scansione');

  const code = page.getByRole('textbox', { name: 'Codice articolo' });
  const lines = page.getByTestId('smartcart-line');
  // a malformed code is refused on the phone, an unknown one by the server
  await code.fill('12345');
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(page.getByText('Formato codice non corretto')).toBeVisible();
  await code.fill('4006381333931');
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(page.getByText('Codice articolo non riconosciuto').first()).toBeVisible();

  // online: the first product
  await code.fill(first.barcode!);
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(first.name);

  // the network drops: the next two scans wait on the phone
  await context.setOffline(true);
  await code.fill(second.barcode!);
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  const label = weightLabel(loose.productId, 750);
  await code.fill(label);
  await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(page.getByTestId('smartcart-queue')).toContainText('Sei offline: 2 scansioni in attesa');
  await expect(page.getByRole('list', { name: 'Scansioni in attesa di invio' })).toContainText(label);
  await expect(lines).toHaveCount(1);
  await expectAccessible(page, 'self-scanning: scansioni in attesa offline');

  // back online: applied in order, once each
  await context.setOffline(false);
  await expect(lines).toHaveCount(3);
  await expect(page.getByTestId('smartcart-queue')).toHaveCount(0);
  await expect(lines.nth(1)).toContainText(second.name);
  await expect(lines.nth(2)).toContainText(loose.name);
  await expect(lines.nth(2)).toContainText('0,75 kg');

  await page.getByRole('link', { name: 'Vai al riepilogo' }).click();
  await expect(page.getByText(/Riepilogo · 3 prodotti/)).toBeVisible();
  await expectAccessible(page, 'self-scanning: riepilogo');
  await page.getByRole('button', { name: 'Concludi la spesa' }).click();
  await expect(page.getByRole('heading', { name: 'Spesa conclusa' })).toBeVisible();
  const tillCode = (await page.getByTestId('till-code').textContent())?.trim() ?? '';
  expect(tillCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect.poll(() => page.getByTestId('till-barcode').locator('rect').count()).toBeGreaterThan(10);
  await expectAccessible(page, 'self-scanning: codice per la cassa');

  // the store's till reads the session back by its code
  const till = await request.get(`/ebsn/api/smart-cart/till/view?code=${tillCode}`, {
    headers: { 'x-till-system': STORE.till, 'x-till-secret': STORE.secret },
  });
  const body = (await till.json()) as {
    response: { status: number };
    data: { lines: unknown[]; status: string };
  };
  expect(body.response.status).toBe(0);
  expect(body.data).toMatchObject({ status: 'ended' });
  expect(body.data.lines).toHaveLength(3);
});

test('la carta fedeltà si legge con la fotocamera: il numero compare nel campo', async ({
  page,
  request,
}) => {
  const customer = await registerConfirmedCustomer(request, 'cardscan');
  await openSignedIn(page, customer);
  await page.goto('/profile/card');
  // Debian's Chromium has no BarcodeDetector on Linux: the ZXing ponyfill reads, its .wasm served by the shop
  const native = await page.evaluate(() => 'BarcodeDetector' in window);
  test.info().annotations.push({ type: 'detector', description: native ? 'native' : 'ponyfill' });
  const wasm = native ? null : page.waitForResponse((r) => /zxing_reader-[\w-]+\.wasm$/.test(r.url()));
  await page.getByRole('button', { name: 'Scansiona la carta con la fotocamera' }).click();
  if (wasm) {
    const response = await wasm;
    expect(new URL(response.url()).origin).toBe(new URL(page.url()).origin);
    expect(response.headers()['content-type']).toContain('application/wasm');
  }
  const dialog = page.getByRole('dialog', { name: 'Scansiona il codice a barre della carta' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'scansione della carta');
  await expect(page.getByRole('textbox', { name: /Numero della carta/ })).toHaveValue(CARD, {
    timeout: 30_000,
  });
  await expect(dialog).toHaveCount(0);
});
