import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
// the reference implementation of RFC 8188/8291: decrypts the push message as the browser would
import ece from 'http_ece';
import { signInToAdmin } from '../support/admin';
import { showOrdersOfDay } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import { buyByCard, call, customerWithCart, findProducts } from '../support/checkout';

// The installable app (decision 055): a service worker controls the page and the manifest passes Chromium's
// install checks; offline, the cart and a list are read from the stored copy with their age and a change is
// refused in Italian; the staff mark an order prepared and the customer's device receives the push message,
// encrypted for it.

// the other journeys block service workers (playwright.config.ts); these are about it
test.use({ serviceWorkers: 'allow' });

/** Waits until the shop's service worker controls the page. */
async function expectControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test('installabile: il service worker controlla la pagina e il manifest supera i controlli di Chromium', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Accetta tutti' }).click();
  await expectControlled(page);
  const cdp = await page.context().newCDPSession(page);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
  expect(errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  // a Playwright context is incognito-like: Chromium names that, not a fault of the shop
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    lang: string;
    display: string;
    icons: Array<{ src: string; sizes: string }>;
  };
  expect(manifest).toMatchObject({ lang: 'it', display: 'standalone' });
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
  await expectAccessible(page, 'home con il service worker');
});

test('offline: il carrello e una lista si leggono con la loro età; una modifica è rifiutata', async ({
  page,
  context,
}) => {
  await customerWithCart(page, 'offline');
  const { piece } = await findProducts(page.request);
  const list = await call<{ listId: number }>(page.request, 'POST', '/wishlist/insert', {
    name: 'Spesa del sabato',
  });
  await call(page.request, 'POST', '/wishlist/add_prod', {
    wishlistId: list.listId,
    items: [{ productId: piece.productId, quantity: 2 }],
  });
  await expectControlled(page);
  // online once: the service worker keeps the copies
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
  await expect(page.getByText(piece.name).first()).toBeVisible();
  await page.goto(`/profile/lists/${list.listId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spesa del sabato' })).toBeVisible();
  await expect(page.getByText(piece.name).first()).toBeVisible();

  await context.setOffline(true);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Dati di .+, sei offline/ })).toBeVisible();
  await expect(page.getByText(piece.name).first()).toBeVisible();
  await expectAccessible(page, 'carrello offline');

  await page.goto(`/profile/lists/${list.listId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spesa del sabato' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Dati di .+, sei offline/ })).toBeVisible();
  await expect(page.getByText(piece.name).first()).toBeVisible();
  await expectAccessible(page, 'lista offline');

  // a change offline: the service worker answers the shop's Italian refusal, nothing is pretended saved
  const refusal = await page.evaluate(async () => {
    const res = await fetch('/ebsn/api/wishlist/update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await res.json()) as {
      response: { status: number; errors: Array<{ error: string; code: string }> };
    };
  });
  expect(refusal.response.status).not.toBe(0);
  expect(refusal.response.errors[0]).toMatchObject({ code: 'msg.offline' });
  expect(refusal.response.errors[0]?.error).toMatch(/^Sei offline: la modifica non è stata salvata/);
  await context.setOffline(false);
});

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

test('push: il preparatore segna l’ordine come preparato e il dispositivo del cliente riceve il messaggio', async ({
  page,
  browser,
}) => {
  // the push service of the customer's browser: an endpoint of this test that keeps what it receives
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomUUID()}`;
  try {
    await customerWithCart(page, 'push', { warehouseId: 13 });
    // the customer wants push messages (profile, "Come preferisci essere contattato")
    await page.goto('/profile/contacts');
    const phone = page.getByLabel(/Cellulare/).first();
    if (!(await phone.inputValue())) await phone.fill('3331234567');
    await page.getByRole('checkbox', { name: "Notifiche push dell'app" }).check();
    await page.getByRole('button', { name: 'Salva', exact: true }).first().click();
    await expect(page.getByText('Dati salvati.').first()).toBeVisible();

    // the device registers its subscription as the app does after sign-in (keys of a browser's subscription)
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const query = new URLSearchParams({
      external_id: endpoint,
      platform: 'web',
      uuid: randomUUID(),
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
      model: 'Chromium',
    });
    await call(page.request, 'GET', `/externalregistration/register?${query.toString()}`);

    const { orderId, day } = await buyByCard(page);

    // the picker prepares it in the back office
    const tablet = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const staffPage = await tablet.newPage();
    await signInToAdmin(staffPage, 'picker@spesa.demo');
    await staffPage.getByRole('menuitem', { name: 'Ordini' }).click();
    await showOrdersOfDay(staffPage, day);
    const row = staffPage.getByRole('row', { name: new RegExp(`^${orderId} `) });
    await row.click();
    await staffPage.getByRole('button', { name: 'Inizia la preparazione' }).click();
    await expect(staffPage.getByText('Preparazione iniziata', { exact: false })).toBeVisible();
    const forms = staffPage.getByRole('form', { name: /^Preparazione di / });
    // the lines' forms render after the message: counted before them, none was registered and "Segna come
    // preparato" stayed disabled (the click waited until the test's time ran out)
    await expect(forms.first()).toBeVisible();
    for (let i = 0; i < (await forms.count()); i += 1) {
      const form = forms.nth(i);
      const weight = form.getByLabel(/Peso reale/);
      if (await weight.count()) await weight.fill('1');
      await form.getByRole('button', { name: 'Registra' }).click();
    }
    await staffPage.getByRole('button', { name: 'Segna come preparato' }).click();
    await expect(staffPage.getByText(/Ordine preparato: addebitati/)).toBeVisible();
    await tablet.close();

    // the push message arrives (the job runs within a second or two), encrypted for this device only
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const message = received[0]!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=/);
    const payload = JSON.parse(
      ece.decrypt(message.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
    ) as { title: string; body: string; url: string };
    expect(payload.title).toBe(`Ordine ${orderId} preparato`);
    expect(payload.body).toMatch(/La tua spesa è pronta: abbiamo addebitato \d+,\d{2}\s€/);
    expect(payload.url).toBe(`/profile/orders/${orderId}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
