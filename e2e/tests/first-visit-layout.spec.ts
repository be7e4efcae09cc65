import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies } from '../support/account';
import { buyByCard, customerWithCart } from '../support/checkout';
import { settleAndScan } from '../support/shop';

// A first visit on a phone (390 px) and on a laptop (1366 px): nothing covers or spills out of anything else —
// slider arrows stay off the slides, a card's button stays inside the card, the promo bubble clears the heart —
// and no banner is an empty picture (decision 071).

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has no box`).not.toBeNull();
  return box!;
}

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Scrolls down as a customer does until `target` has rendered (the home draws its blocks near the screen). */
async function scrollTo(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    if ((await target.count()) === 0) await page.mouse.wheel(0, 600);
    await expect(target).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await target.scrollIntoViewIfNeeded();
}

/**
 * Every previous/next button of a carousel, visible ones only, is clear of its slides on screen; over the
 * header's full-width banners (from 600 px) clear of their words.
 */
async function expectArrowsOffTheSlides(
  page: Page,
  carousel: Locator,
  name: string,
  clearOf: 'slides' | 'words' = 'slides',
): Promise<void> {
  await scrollTo(page, carousel);
  const next = carousel.getByRole('button', { name: 'Successivo' });
  // the engine starts when the carousel comes near: the next arrow is then enabled
  await expect(next, `${name}: next arrow`).toBeEnabled();
  const slides = carousel.getByRole('group');
  const count = await slides.count();
  for (const arrowName of ['Precedente', 'Successivo']) {
    const arrow = carousel.getByRole('button', { name: arrowName });
    if (!(await arrow.isEnabled())) continue;
    const a = await boxOf(arrow);
    for (let i = 0; i < count; i += 1) {
      const slide = slides.nth(i);
      if (!(await slide.isVisible())) continue;
      // the slide's content (its box starts with the gap before it)
      const s = await boxOf(slide.locator(':scope > *').first());
      // a slide scrolled out of the viewport's clip is not drawn: only the ones on screen count
      const viewport = await boxOf(carousel.locator('.carousel-viewport'));
      if (s.x >= viewport.x + viewport.width || s.x + s.width <= viewport.x) continue;
      const covered = clearOf === 'slides' ? s : await boxOf(slide.locator('.banner-text'));
      expect(overlap(a, covered), `${name}: "${arrowName}" covers slide ${i + 1}`).toBe(false);
    }
  }
}

for (const size of WIDTHS) {
  test(`home a ${size.width} px: frecce fuori dalle slide, servizi e banner pieni`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/');
    await acceptCookies(page);
    await settleAndScan(page, `home ${size.width} px`);

    // the header's banners, the offers, the best sellers, the cheeses, the banner slider "Da non perdere"
    const carousels = page.getByRole('region', { name: /^(Prodotti|Banner): / });
    await expectArrowsOffTheSlides(
      page,
      carousels.first(),
      'slider in testata',
      size.width < 600 ? 'slides' : 'words',
    );
    for (const name of [
      'Prodotti: Le offerte della settimana',
      'Prodotti: I più venduti',
      'Banner: Da non perdere',
    ])
      await expectArrowsOffTheSlides(page, page.getByRole('region', { name }), name);

    // the services' cards: the picture fills its side of the card, no empty band under it
    const services = page.getByRole('region', { name: 'I nostri servizi' });
    await scrollTo(page, services);
    const cards = services.getByRole('link').filter({ has: page.getByRole('heading') });
    await expect(cards).toHaveCount(5);
    for (let i = 0; i < 5; i += 1) {
      const card = await boxOf(cards.nth(i));
      const picture = await boxOf(cards.nth(i).locator('img'));
      expect(picture.height, `service card ${i + 1}: the picture's height`).toBeGreaterThanOrEqual(
        card.height - 3,
      );
      expect(picture.width, `service card ${i + 1}: the picture's width`).toBeLessThan(card.width / 2);
    }

    // the compostable bags' banner says something beside its picture
    const bags = page.getByRole('region', { name: 'Sacchetti compostabili, sempre' });
    await scrollTo(page, bags);
    await expect(bags.getByText('Con il Drive riporti le cassette: le riutilizziamo')).toBeVisible();

    // every slide of "Da non perdere" has its words: a heading and a line under it
    const slider = page.getByRole('region', { name: 'Banner: Da non perdere' });
    const slides = slider.getByRole('group');
    await expect(slides).toHaveCount(4);
    for (let i = 0; i < 4; i += 1) await expect(slides.nth(i).getByRole('heading')).toHaveCount(1);
    await expect(slider.getByRole('heading', { name: 'Sapori di Lombardia' })).toBeAttached();
  });

  test(`ricerca in lista a ${size.width} px: il pulsante resta nella scheda, l'offerta non va sotto il cuore`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/search?q=pomodori');
    await acceptCookies(page);
    await settleAndScan(page, `ricerca in lista ${size.width} px`);
    await expect(
      page.getByRole('group', { name: 'Visualizzazione prodotti' }).getByRole('button', { name: 'Lista' }),
    ).toHaveAttribute('aria-pressed', 'true');

    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    const count = Math.min(await cards.count(), 12);
    let bubbles = 0;
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      const box = await boxOf(card);
      const add = card.getByRole('button', { name: /^Aggiungi .* al carrello$/ });
      expect(inside(await boxOf(add), box), `card ${i + 1}: "Aggiungi" inside the card`).toBe(true);
      const price = await boxOf(card.getByTestId('product-price'));
      expect(inside(price, box), `card ${i + 1}: the price inside the card`).toBe(true);
      const heart = await boxOf(card.getByRole('button', { name: /^Aggiungi a una lista: / }));
      const bubble = card.locator('.promo-bubble');
      if ((await bubble.count()) > 0) {
        bubbles += 1;
        expect(overlap(await boxOf(bubble), heart), `card ${i + 1}: the promo bubble under the heart`).toBe(
          false,
        );
      }
    }
    expect(bubbles, 'a card with a promo bubble among the first ones').toBeGreaterThan(0);

    // a loose product on promotion: every price says its unit
    const loose = cards.filter({ has: page.getByRole('heading', { name: 'Pomodori datterini' }) });
    await expect(loose.getByTestId('product-price')).toContainText('Prezzo di listino: 3,79 €/kg');
    await expect(loose.getByTestId('prior-price')).toContainText('3,49 €/kg');
  });
}

test('dettaglio di un ordine sul telefono: un solo link per tornare indietro', async ({ page }) => {
  await customerWithCart(page, 'layout');
  const { orderId } = await buyByCard(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${orderId}`) })).toBeVisible();
  await settleAndScan(page, 'dettaglio ordine 390 px');
  const back = page.getByRole('main').getByRole('link', { name: /Torna/ });
  await expect(back).toHaveCount(1);
  await expect(back).toHaveText('Torna ai miei ordini');
  await back.click();
  await expect(page).toHaveURL(/\/profile\/orders$/);
  // a page of the menu keeps the phone's way back to the profile
  await expect(page.getByRole('main').getByRole('link', { name: /Torna al profilo/ })).toBeVisible();
});
