import { expect, test } from '../support/started-servers';
import { expectAccessible } from '../support/axe';

// The app build's first visit (decision 055): the cookie banner, painted by the page itself, is answered
// first; the first-run tutorial opens after the choice, never under the banner, and the keyboard reaches both.

test('app: il tutorial del primo avvio si apre dopo la scelta sui cookie, non sotto il banner', async ({
  page,
}) => {
  await page.goto('/');
  const accept = page.getByRole('button', { name: 'Accetta tutti' });
  await expect(accept).toBeVisible();
  // the home and its lazy blocks are drawn: the tutorial waits for the choice
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salta' })).toHaveCount(0);

  // the keyboard reaches the banner's buttons and chooses
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(accept).toBeHidden();

  const tutorial = page.getByRole('dialog');
  await expect(tutorial).toBeVisible();
  await expect(tutorial.getByText('Passo 1 di 3')).toBeVisible();
  await expectAccessible(page, 'tutorial (app) dopo la scelta sui cookie');
  // nothing covers it: its "Salta" is the element at its own centre
  const skip = tutorial.getByRole('button', { name: 'Salta' });
  const box = await skip.boundingBox();
  expect(box).not.toBeNull();
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  );
  expect(onTop).toBe('Salta');
  await skip.click();
  await expect(tutorial).toHaveCount(0);

  // the next visit: neither the banner nor the same tutorial again
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Accetta tutti' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
