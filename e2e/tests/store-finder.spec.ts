import { expect, test, type Page } from '@playwright/test';
import { registerConfirmedCustomer, openSignedIn } from '../support/account';
import { expectAccessible } from '../support/axe';

// The Drive tab's store finder (decision 071): the browser's position in Milano Città Studi, the stores within
// the chosen radius only; the map on the base map of the tile server the shop is configured with
// (support/serve.mjs starts a stand-in one: MAP_TILES_URL), or on a plain plot without one.

const SELECTOR = 'Scegli come ricevere la spesa';
const ATTRIBUTION = 'Mappa di prova dei test, nessun dato reale';
const TILE = /\/tiles\/\d+\/\d+\/\d+\.png$/;

test.use({ geolocation: { latitude: 45.4781, longitude: 9.2272 }, permissions: ['geolocation'] });

async function openDriveTab(page: Page) {
  const { email, password, firstName } = await registerConfirmedCustomer(page.request, 'finder');
  await openSignedIn(page, { email, password, firstName });
  await page
    .getByRole('banner')
    .getByRole('group', { name: 'Come ricevi la spesa' })
    .getByRole('button')
    .first()
    .click();
  const selector = page.getByRole('dialog', { name: SELECTOR });
  await selector.getByRole('tab', { name: 'Ritiro in negozio' }).click();
  await expect(selector.getByRole('radio', { name: /^Spesa Bergamo/ })).toBeVisible();
  return selector;
}

test('negozi vicino a me: solo quelli entro il raggio scelto, sulla mappa del server di tessere', async ({
  page,
}) => {
  const tiles: string[] = [];
  page.on('request', (r) => {
    if (TILE.test(r.url())) tiles.push(r.url());
  });
  const selector = await openDriveTab(page);
  const map = selector.getByRole('region', { name: 'Mappa dei negozi' });
  await expect(map).toHaveAttribute('data-base-map', 'tiles');
  // the tiles arrive from the configured server (the page's CSP lets them in) and its attribution shows
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  await expect(map.getByText(ATTRIBUTION)).toBeVisible();

  await selector.getByRole('button', { name: 'Usa la mia posizione' }).click();
  await expect(selector.getByText('Negozi entro 10 km dalla tua posizione')).toBeVisible();
  await expect(selector.getByRole('radio', { name: /^Spesa Milano Città Studi/ })).toBeVisible();
  await expect(selector.getByRole('radio', { name: /^Spesa Sesto San Giovanni/ })).toBeVisible();
  for (const far of [/^Spesa Bergamo/, /^Spesa Brescia/, /^Spesa Monza/])
    await expect(selector.getByRole('radio', { name: far })).toHaveCount(0);
  await expect(selector.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, 'negozi entro 10 km dalla mia posizione');

  // 30 km reach Monza, still not Bergamo or Brescia
  await selector.getByRole('radio', { name: '30 km' }).check();
  await expect(selector.getByText('Negozi entro 30 km dalla tua posizione')).toBeVisible();
  await expect(selector.getByRole('radio', { name: /^Spesa Monza/ })).toBeVisible();
  for (const far of [/^Spesa Bergamo/, /^Spesa Brescia/])
    await expect(selector.getByRole('radio', { name: far })).toHaveCount(0);
});

test('senza un server di tessere configurato la mappa è un semplice piano, senza richieste', async ({
  page,
}) => {
  // the configuration of a shop without MAP_TILES_URL (GET /warehouse-locator/map answers no tile address)
  await page.route('**/ebsn/api/warehouse-locator/map', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { tileUrl: string | null } };
    body.data.tileUrl = null;
    await route.fulfill({ response, json: body });
  });
  const tiles: string[] = [];
  page.on('request', (r) => {
    if (TILE.test(r.url())) tiles.push(r.url());
  });
  const selector = await openDriveTab(page);
  const map = selector.getByRole('region', { name: 'Mappa dei negozi' });
  await expect(map).toHaveAttribute('data-base-map', 'plot');
  // the stores' markers on the plain plot
  await expect(map.locator('path.leaflet-interactive').first()).toBeAttached();
  await expect(map.locator('img.leaflet-tile')).toHaveCount(0);
  await expect(map.getByText(ATTRIBUTION)).toHaveCount(0);
  expect(tiles).toEqual([]);
});
