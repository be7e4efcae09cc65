import { expect, test } from '@playwright/test';
import { readLatestMail } from '../support/account';
import { expectAccessible } from '../support/axe';
import { settleAndScan } from '../support/shop';

// The content system's forms (decision 051): a visitor applies through "Lavora con noi" with a PDF CV, from
// the keyboard; the chain's mailbox (the development outbox) receives the application with the CV attached.

/** A small but real PDF: the server checks the type by the file's first bytes, not by its name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('«Lavora con noi»: la candidatura con il curriculum in PDF arriva alla casella della catena', async ({
  page,
}) => {
  const surname = `Candidato${Date.now()}`;
  await page.goto('/lavora-con-noi');
  const cookies = page.getByRole('button', { name: 'Rifiuta' });
  if (await cookies.isVisible().catch(() => false)) await cookies.click();
  await expect(page.getByRole('textbox', { name: /^Nome/ })).toBeVisible();
  await settleAndScan(page, 'lavora con noi');

  // a wrong file is refused by its content, whatever its name says
  await page.getByLabel(/Curriculum vitae/).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\u0090\u0000 not a pdf at all'),
  });
  await expect(page.getByText(/Tipo di file non consentito/)).toBeVisible();

  // the keyboard: each field, Tab to the next
  await page.getByRole('textbox', { name: /^Nome/ }).focus();
  await page.keyboard.type('Giulia');
  await page.keyboard.press('Tab');
  await page.keyboard.type(surname);
  await page.keyboard.press('Tab');
  await page.keyboard.type('giulia.candidata@example.it');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3331234567');
  await page.getByLabel(/Data di nascita/).fill('1995-04-12');
  await page.getByRole('textbox', { name: /CAP di residenza/ }).fill('22100');
  await page.getByRole('radio', { name: 'Logistica' }).check();
  await page.getByLabel(/Curriculum vitae/).setInputFiles({
    name: 'curriculum.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('curriculum.pdf')).toBeVisible();
  await page
    .getByRole('textbox', { name: /Presentati/ })
    .fill('<b>Magazziniera</b> con patentino del muletto.');
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  const send = page.getByRole('button', { name: 'Invia la candidatura' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Grazie per la tua candidatura');
  await expectAccessible(page, 'lavora con noi: candidatura inviata');

  // the chain's mailbox: the application, the HTML typed shown as text, the CV attached
  const mail = await readLatestMail(
    page.request,
    'lavora.con.noi@spesa.example',
    /^Lavora con noi: richiesta /,
  );
  expect(mail.html).toContain(surname);
  expect(mail.html).toContain('&lt;b&gt;Magazziniera&lt;/b&gt;');
  expect(mail.html).toContain('curriculum.pdf');
});
