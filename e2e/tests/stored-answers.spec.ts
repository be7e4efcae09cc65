import { expect, test } from '@playwright/test';
import { acceptCookies, DEMO_PASSWORD, signIn } from '../support/account';
import { expectAccessible } from '../support/axe';
import { expectControlled, reloadAndSettle } from '../support/service-worker';
import { api } from '../support/shop';

// The service worker's stored answers (decision 055): a stored copy never says who the customer is (a
// signed-in customer stays signed in across full reloads), and a product page seen before opens offline.

// the other journeys block service workers (playwright.config.ts); these are about it
test.use({ serviceWorkers: 'allow' });

test('signed in, a full reload of the home keeps the customer signed in', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await expectControlled(page);
  // the anonymous visit's answers go through the worker once (it keeps its copies)
  await reloadAndSettle(page);
  await signIn(page, 'giulia.bianchi@spesa.demo', DEMO_PASSWORD, 'Giulia');

  // every answer of the reloaded page has arrived: the header still greets her, no "Accedi"
  await reloadAndSettle(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Ciao, Giulia')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accedi', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('spesa.loggedIn'))).toBe('true');
});

test('offline: a product page seen before opens again by a full navigation', async ({
  page,
  context,
  request,
}) => {
  const [product] = (
    await api<{ products: Array<{ name: string; slug: string }> }>(request, '/products?q=latte')
  ).products;
  expect(product, 'a product to look at').toBeDefined();
  const path = `/product/${product!.slug}`;

  // a first visit: the page's files and reads arrive before the worker controls the page
  await page.goto(path);
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expectControlled(page);
  // the worker has stored what the page fetched: every script and style of the shop, and the product's answer
  await expect
    .poll(
      () =>
        page.evaluate(async (slug) => {
          const files = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && /\/assets\/.+\.(js|css)$/.test(u.pathname));
          const missing = [];
          for (const u of files) if (!(await caches.match(u.href))) missing.push(u.pathname);
          if (
            !(await caches.match(`/ebsn/api/products?slug=${encodeURIComponent(slug)}`, { ignoreVary: true }))
          )
            missing.push('the product');
          return missing;
        }, product!.slug),
      { message: 'what the worker has not stored', timeout: 20_000 },
    )
    .toEqual([]);

  await context.setOffline(true);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByText('Questa pagina non è ancora disponibile', { exact: false })).toHaveCount(0);
  await expectAccessible(page, 'scheda prodotto offline');
  await context.setOffline(false);
});
