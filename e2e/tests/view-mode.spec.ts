import { expect, test } from '@playwright/test';
import { settleAndScan } from '../support/shop';

test('la vista a griglia resta scelta dopo il ricaricamento', async ({ page }) => {
  await page.goto('/search?q=pasta');
  await settleAndScan(page, 'ricerca pasta (lista)');

  const group = page.getByRole('group', { name: 'Visualizzazione prodotti' });
  const grid = group.getByRole('button', { name: 'Griglia' });
  const list = group.getByRole('button', { name: 'Lista' });
  await expect(list).toHaveAttribute('aria-pressed', 'true'); // the default is list

  await grid.click();
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveAttribute('aria-pressed', 'false');
  await settleAndScan(page, 'ricerca pasta (griglia)');

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Visualizzazione prodotti' }).getByRole('button', { name: 'Griglia' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await settleAndScan(page, 'ricerca pasta (griglia, ricaricata)');
});
