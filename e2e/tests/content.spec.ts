import { expect, test, type Page } from '@playwright/test';
import { acceptCookies } from '../support/account';
import { expectAccessible } from '../support/axe';
import { customerWithCart } from '../support/checkout';
import { settleAndScan } from '../support/shop';

// The content store (decision 050): the conditions read from the checkout, the pages linked by the footer,
// the FAQ search, the stores page, the video dialog, an unknown page.

/**
 * The footer's link to a page of the content store, followed with the keyboard: on the home page the blocks
 * above the footer render as it comes into view, and a pointer's click could land where the link was a moment
 * before (seen once: the page scrolled by 101 px between Playwright's scroll and its click).
 */
async function openFromFooter(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('le condizioni di vendita si leggono dalla cassa senza perderla', async ({ page }) => {
  await customerWithCart(page, 'conditions');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Cassa' })).toBeVisible({ timeout: 30_000 });
  const rules = page.getByRole('checkbox', { name: /Ho letto e accetto le condizioni generali di vendita/ });
  await rules.check();

  // keyboard: the link opens the conditions in a dialog over the checkout
  await page.getByRole('link', { name: 'Leggi le condizioni di vendita' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Condizioni generali di vendita' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '7. Diritto di recesso' })).toBeVisible();
  await expect(dialog).toContainText('articolo 59 del Codice del Consumo');
  await expect(dialog).toContainText('rischiano di deteriorarsi o scadere rapidamente');
  await expect(dialog.getByRole('link', { name: /^Apri in una nuova scheda/ })).toHaveAttribute(
    'href',
    '/page/condizioni-generali-di-vendita',
  );
  await expectAccessible(page, 'condizioni dalla cassa');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // the checkout is as it was
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(rules).toBeChecked();
});

test('il piè di pagina apre le condizioni, le domande frequenti e i punti vendita', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await acceptCookies(page);

  await openFromFooter(page, 'Condizioni di vendita', 'Condizioni generali di vendita');
  await expect(page.getByText('In vigore dal 1° novembre 2026')).toBeVisible();
  await settleAndScan(page, 'condizioni generali di vendita');

  await openFromFooter(page, 'Domande frequenti', 'Domande frequenti');
  await settleAndScan(page, 'domande frequenti');
  await page.getByRole('searchbox', { name: 'Cerca tra le domande' }).fill('consegna');
  await expect(page.getByRole('status')).toContainText('domande trovate');
  await expect(page.getByText('Quanto costa la consegna a domicilio?')).toBeVisible();
  await expect(page.getByText('Come collego la carta fedeltà')).toBeHidden();
  await expectAccessible(page, 'domande frequenti, ricerca');

  await openFromFooter(page, 'Punti vendita', 'I nostri punti vendita');
  const stores = page.getByRole('region', { name: 'Elenco dei punti vendita' });
  await expect(stores.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await settleAndScan(page, 'punti vendita');
});

test('il piè di pagina apre privacy, cookie policy, contatti, regolamento, app e credits', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await acceptCookies(page);

  await openFromFooter(page, 'Privacy', 'Informativa sulla privacy');
  await expect(page.getByRole('table')).toBeVisible();
  await settleAndScan(page, 'privacy');

  await openFromFooter(page, 'Cookie policy', 'Cookie policy');
  await settleAndScan(page, 'cookie policy');

  await openFromFooter(page, 'Contatti', 'Contatti');
  await expect(page.getByText('clienti@spesa.demo').first()).toBeVisible();
  await settleAndScan(page, 'contatti');

  await openFromFooter(page, 'Regolamento carta fedeltà', 'Regolamento della carta fedeltà');
  await settleAndScan(page, 'regolamento');

  await openFromFooter(page, "L'app", "L'app di Spesa");
  await settleAndScan(page, 'app');

  await openFromFooter(page, 'Credits e licenze', 'Credits e licenze');
  await expect(page.getByRole('main')).toContainText('Open Database License (ODbL) 1.0');
  await settleAndScan(page, 'credits');
});

test('un video si apre nel lettore YouTube a privacy avanzata, con il suo titolo', async ({ page }) => {
  // no network needed: the player's page is answered here
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="it"><title>Video</title></html>',
    }),
  );
  await page.goto('/page/la-spesa-online');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'La spesa online di Spesa' })).toBeVisible();
  await settleAndScan(page, 'la spesa online');

  await page.getByRole('link', { name: /Guarda il video dimostrativo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Guarda il video dimostrativo' });
  await expect(dialog).toBeVisible();
  const player = dialog.locator('iframe');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/jNQXAC9IVRw\?/);
  await expect(player).toHaveAttribute('title', 'Guarda il video dimostrativo');
  await expectAccessible(page, 'video');
  await dialog.getByRole('button', { name: 'Chiudi il video' }).click();
  await expect(dialog).toBeHidden();
});

test('le ricette: dal piè di pagina, filtrate con la tastiera, una ricetta e la successiva', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await acceptCookies(page);
  await openFromFooter(page, 'Ricette', 'Ricette');
  await expect(page.getByRole('status')).toHaveText(/^\d+ ricette$/);
  await settleAndScan(page, 'ricette');
  // keyboard: the "vegetarian only" box, then the course "Dolci"
  const veg = page.getByRole('checkbox', { name: 'Solo vegetariane' });
  await veg.focus();
  await page.keyboard.press('Space');
  await expect(veg).toBeChecked();
  await expect(page.getByRole('link', { name: 'Risotto alla milanese' })).toBeHidden();
  await page.getByRole('link', { name: 'Dolci', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/portata=dolci/);
  await expect(page.getByRole('status')).toHaveText('1 ricetta');
  await page.getByRole('link', { name: 'Torta di mele della nonna' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Torta di mele della nonna' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ingredienti (4 persone)' })).toBeVisible();
  await settleAndScan(page, 'una ricetta');
  await page.getByRole('navigation', { name: 'Altre ricette' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insalata di finocchi e arance' })).toBeVisible();
  // the blocks placed on a category, under its products
  await page.goto('/category/frutta-e-verdura');
  const block = page.getByRole('region', { name: 'Frutta e verdura di stagione' });
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByRole('link', { name: 'nostre ricette' })).toHaveAttribute('href', '/ricette');
  await settleAndScan(page, 'reparto con i blocchi di contenuto');
});

test('una pagina che non esiste mostra «Pagina non trovata»', async ({ page }) => {
  await page.goto('/page/non-esiste');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
});
