import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { findCategoryWithOffers, PRICE, settleAndScan } from '../support/shop';

test('dalla home a un prodotto: reparti, categoria, filtro "Solo offerte", pagina successiva', async ({
  page,
  request,
}) => {
  const { department, category, offers } = await findCategoryWithOffers(request);

  await test.step('home: slider di testata e slider di prodotti', async () => {
    await page.goto('/');
    await settleAndScan(page, 'home');
    // Header slider (banners) and at least one product slider: carousels in the ARIA sense.
    const carousels = page.getByRole('main').locator('[aria-roledescription="carosello"]');
    await expect(carousels.first()).toBeVisible();
    await expect(carousels.first().locator('[aria-roledescription="elemento"]').first()).toBeVisible();
    expect(await carousels.count(), 'header slider + at least one product slider').toBeGreaterThanOrEqual(2);
    const productSlider = carousels.filter({ has: page.getByRole('article') }).first();
    await expect(productSlider.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
  });

  await test.step(`menu dei reparti: ${department.name} → ${category.name}`, async () => {
    await page.getByRole('button', { name: 'Reparti', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Menu dei reparti' });
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'menu dei reparti');
    await menu.getByRole('menuitem', { name: department.name }).hover();
    await menu.getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await settleAndScan(page, `categoria ${category.slug}`);
  });

  await test.step(`filtro "Solo offerte" (${offers} prodotti) e pagina successiva`, async () => {
    // The filter lives in the URL: the switch turns on once the router has navigated, not synchronously.
    const onlyOffers = page.getByRole('switch', { name: 'Solo offerte' });
    await onlyOffers.click();
    await expect(onlyOffers).toBeChecked();
    await expect(page).toHaveURL(/promo=/);
    await expect(page.getByRole('status').filter({ hasText: /prodott[oi]$/ })).toHaveText(
      new RegExp(`^${offers} prodott[oi]$`),
    );
    const pagination = page.getByRole('navigation', { name: 'Pagine dei prodotti' });
    const next = pagination.getByRole('button', { name: 'Vai alla pagina successiva' });
    // a jump to the pager leaves it where it was put: the cards above it do not grow after it
    await next.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    expect(await next.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await next.click();
    await expect(pagination.getByRole('button', { name: 'Pagina 2, pagina corrente' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await settleAndScan(page, 'categoria, offerte, pagina 2');
  });

  await test.step('scheda prodotto con prezzo', async () => {
    const productLink = page.getByRole('main').locator('a[href^="/product/"]').first();
    const href = await productLink.getAttribute('href');
    await productLink.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
    await settleAndScan(page, 'scheda prodotto');
  });

  await test.step('prodotti correlati: il carosello sotto la piega parte quando ci si arriva e scorre', async () => {
    const related = page.getByRole('region', { name: 'Prodotti: Potrebbe interessarti anche' });
    // the section renders when the customer scrolls near it (decision 061): scroll down as a customer does
    await expect(async () => {
      await page.mouse.wheel(0, 500);
      await expect(related).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await related.scrollIntoViewIfNeeded();
    const previous = related.getByRole('button', { name: 'Precedente' });
    await related.getByRole('button', { name: 'Successivo' }).click();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(previous).toBeDisabled();
  });
});
