import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, openSignedIn } from '../support/account';
import { openInBackOffice, prepareWeighed, refundInBackOffice } from '../support/admin-orders';
import { expectAccessible } from '../support/axe';
import { CARDS, acceptAndConfirm, call, fillCart, orderIdOf, payOnSandbox } from '../support/checkout';
import { settleAndScan } from '../support/shop';

// Italian e-invoices (issue 51, decision 087): the seeded company customer (Ferramenta Brambilla S.r.l., partita
// IVA and codice destinatario SDI) orders with "Voglio la fattura" and pays by card on the sandbox; the picker
// weighs the loose line lighter and the order is delivered: the invoice (TD01) states what was delivered, its PDF
// and XML are on the order page. Customer service then refunds part of it and the credit note (TD04) appears;
// then one piece of a line, and the second credit note names that line (decision 094).

const COMPANY = { email: 'acquisti@brambilla.demo', firstName: 'Chiara' } as const;

/** "12,34 €" (no-break spaces and all) as cents */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

async function openOrderPage(page: Page, orderId: number) {
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${orderId}` })).toBeVisible();
}

/** The amount of the order page's payment movement `label` ("Addebitato: 12,34 € – …"). */
async function movementCents(movements: Locator, label: string): Promise<number> {
  const line = movements.getByRole('listitem').filter({ hasText: new RegExp(`^${label}:`) });
  await expect(line).toHaveCount(1);
  const amount = /:\s*([\d.]+,\d\d)\s/.exec((await line.textContent()) ?? '')?.[1];
  expect(amount, `${label}: an amount`).toBeDefined();
  return cents(amount!);
}

/**
 * Downloads a document of the order page by its link (as the customer does) and reads the same address with
 * the browser's session for its headers: answers the downloaded bytes.
 */
async function download(page: Page, link: Locator, type: RegExp, name: RegExp): Promise<Buffer> {
  const href = await link.getAttribute('href');
  expect(href, 'the link names its document').toBeTruthy();
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(file.suggestedFilename()).toMatch(name);
  const body = await readFile((await file.path())!);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(type);
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  // the same document (the courtesy copy is dated as the document, so every drawing is the same bytes)
  expect(Buffer.from(await res.body()).equals(body)).toBe(true);
  return body;
}

test('azienda con fattura: peso reale minore, fattura TD01 (PDF e XML); rimborso parziale e di una riga, note di credito TD04', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, { email: COMPANY.email, password: DEMO_PASSWORD, firstName: COMPANY.firstName });
  // a Drive order at Milano Città Studi (the demo picker's store): 3 pieces and 1 kg of a loose (Sfuso) product
  await fillCart(page, { warehouseId: 13 });
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Voglio la fattura' }).check();
  // the seeded invoice data, the only one: chosen at once
  const holder = page.getByRole('radio', { name: /Ferramenta Brambilla S\.r\.l\. · P\.IVA 01234561080/ });
  await expect(holder).toBeChecked();
  await expectAccessible(page, 'cassa con la fattura');
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);
  const ordered = await call<{ data: { timeslot: { date: string } } }>(
    page.request,
    'GET',
    `/order/view?order_id=${orderId}`,
  );
  const day = ordered.data.timeslot.date;

  await openOrderPage(page, orderId);
  const invoices = page.getByRole('region', { name: 'Fattura e note di credito' });
  await expect(invoices).toContainText(
    'Hai richiesto la fattura: la emettiamo alla consegna e la trovi qui.',
  );
  await settleAndScan(page, 'ordine con fattura richiesta');

  // the picker weighs 0,8 kg for the 1 kg ordered, then the order is collected at the Drive
  const picking = await openInBackOffice(browser, 'picker@spesa.demo', orderId, day);
  await prepareWeighed(picking.staff, '0,8', 'admin: preparazione di un ordine con fattura');
  await picking.staff.getByRole('button', { name: 'Consegnato', exact: true }).click();
  await expect(picking.staff.getByRole('heading', { level: 1, name: /Consegnato/ })).toBeVisible();
  await picking.office.close();

  await openOrderPage(page, orderId);
  const movements = page.getByRole('region', { name: 'Movimenti del pagamento' });
  const taken = await movementCents(movements, 'Addebitato');
  expect(taken).toBeGreaterThan(200);
  await expect(page.getByRole('region', { name: 'Prodotti' }).getByText('0,8 kg')).toBeVisible();
  const invoice = invoices.getByRole('listitem').filter({ hasText: /^Fattura n\. / });
  await expect(invoice).toHaveCount(1);
  const invoiceText = (await invoice.textContent()) ?? '';
  const number = /Fattura n\. (\S+) del/.exec(invoiceText)?.[1];
  expect(number, 'the invoice number').toMatch(/^\d{4}\/\d{6}$/);
  // the invoice's total is what the card was charged for what was delivered (the lighter weight)
  expect(cents(/Totale ([\d.]+,\d\d\s€)/.exec(invoiceText)?.[1] ?? '')).toBe(taken);
  await settleAndScan(page, 'ordine consegnato con la fattura');

  const pdf = await download(
    page,
    invoices.getByRole('link', { name: `Scarica la copia di cortesia in PDF di Fattura n. ${number}` }),
    /^application\/pdf/,
    /\.pdf$/,
  );
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1_000);
  const xml = (
    await download(
      page,
      invoices.getByRole('link', { name: `Scarica il file XML di Fattura n. ${number}` }),
      /^application\/xml/,
      /^fattura-\d{4}-\d{6}\.xml$/,
    )
  ).toString('utf8');
  expect(xml).toContain('<TipoDocumento>TD01</TipoDocumento>');
  expect(xml).toContain(`<Numero>${number}</Numero>`);
  expect(xml).toContain('<IdCodice>01234561080</IdCodice>');
  expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
  // the weighed line as delivered: 0,8 kg, and the document's total as charged
  expect(xml).toMatch(/<Quantita>0\.80<\/Quantita>\s*<UnitaMisura>KG<\/UnitaMisura>/);
  expect(xml).toContain(`<ImportoTotaleDocumento>${(taken / 100).toFixed(2)}</ImportoTotaleDocumento>`);

  // customer service gives 1,50 € back with a reason
  const care = await openInBackOffice(browser, 'clienti@spesa.demo', orderId, day);
  const cs = care.staff;
  await refundInBackOffice(cs, '1,50', 'Confezione danneggiata', 'admin: rimborso di un ordine con fattura');
  await care.office.close();

  await openOrderPage(page, orderId);
  const note = invoices.getByRole('listitem').filter({ hasText: /^Nota di credito n\. / });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(`riferita alla fattura n. ${number}`);
  await expect(note).toContainText(/Totale 1,50\s€/);
  const noteNumber = /Nota di credito n\. (\S+) del/.exec((await note.textContent()) ?? '')?.[1];
  expect(noteNumber, 'the credit note number').toMatch(/^\d{4}\/\d{6}$/);
  expect(noteNumber).not.toBe(number);
  await settleAndScan(page, 'ordine con fattura e nota di credito');
  const notePdf = await download(
    page,
    note.getByRole('link', {
      name: `Scarica la copia di cortesia in PDF di Nota di credito n. ${noteNumber}`,
    }),
    /^application\/pdf/,
    /\.pdf$/,
  );
  expect(notePdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const noteXml = (
    await download(
      page,
      note.getByRole('link', { name: `Scarica il file XML di Nota di credito n. ${noteNumber}` }),
      /^application\/xml/,
      /\.xml$/,
    )
  ).toString('utf8');
  expect(noteXml).toContain('<TipoDocumento>TD04</TipoDocumento>');
  expect(noteXml).toContain('<ImportoTotaleDocumento>1.50</ImportoTotaleDocumento>');
  expect(noteXml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${number}</IdDocumento>`));

  // customer service refunds one piece of the piece line (decision 094): its credit note names that line
  const pieceLine =
    /<Descrizione>([^<]+)<\/Descrizione>\s*<Quantita>3\.00<\/Quantita>\s*<UnitaMisura>PZ<\/UnitaMisura>/.exec(
      xml,
    );
  expect(pieceLine, 'the invoice’s line of 3 pieces').not.toBeNull();
  const again = await openInBackOffice(browser, 'clienti@spesa.demo', orderId, day);
  await refundInBackOffice(again.staff, null, 'Un pezzo rotto', 'admin: rimborso di una riga con fattura', {
    option: / · 3 pz · /,
    quantity: '1',
  });
  await again.office.close();

  await openOrderPage(page, orderId);
  const notes = invoices.getByRole('listitem').filter({ hasText: /^Nota di credito n\. / });
  await expect(notes).toHaveCount(2);
  const lineNote = notes.nth(1);
  await expect(lineNote).toContainText(`riferita alla fattura n. ${number}`);
  const lineNoteNumber = /Nota di credito n\. (\S+) del/.exec((await lineNote.textContent()) ?? '')?.[1];
  expect(lineNoteNumber, 'the line credit note number').toMatch(/^\d{4}\/\d{6}$/);
  await settleAndScan(page, 'ordine con la nota di credito di una riga');
  const lineNoteXml = (
    await download(
      page,
      lineNote.getByRole('link', { name: `Scarica il file XML di Nota di credito n. ${lineNoteNumber}` }),
      /^application\/xml/,
      /\.xml$/,
    )
  ).toString('utf8');
  // the line as the invoice named it, one piece, at its VAT rate; no lump-sum line
  expect(lineNoteXml).toMatch(
    new RegExp(
      `<Descrizione>${pieceLine![1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</Descrizione>\\s*<Quantita>1\\.00</Quantita>\\s*<UnitaMisura>PZ</UnitaMisura>`,
    ),
  );
  expect(lineNoteXml).not.toContain('Rimborso:');
  const pdfLink = lineNote.getByRole('link', {
    name: `Scarica la copia di cortesia in PDF di Nota di credito n. ${lineNoteNumber}`,
  });
  expect(
    (await download(page, pdfLink, /^application\/pdf/, /\.pdf$/)).subarray(0, 5).toString('latin1'),
  ).toBe('%PDF-');
});
