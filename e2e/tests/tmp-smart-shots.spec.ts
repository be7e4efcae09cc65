import { expect, test } from '@playwright/test';
import { acceptCookies, registerConfirmedCustomer, signIn } from '../support/account';

for (const width of [390, 1366]) {
  test(`shots ${width}`, async ({ page, request }) => {
    const c = await registerConfirmedCustomer(request, `shot${width}`);
    await page.goto('/');
    await acceptCookies(page);
    await signIn(page, c.email, c.password, c.firstName);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto('/self-scanning');
    await expect(page.getByRole('link', { name: 'Spesa Milano Città Studi' })).toBeVisible();
    await page.screenshot({ path: `/tmp/smart-start-${width}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Spesa Milano Città Studi' }).click();
    const code = page.getByRole('textbox', { name: 'Codice articolo' });
    for (const k of ['8005350305999', '2106827012504', '2506837002241']) {
      await code.fill(k);
      await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    }
    await expect(page.getByTestId('smartcart-line')).toHaveCount(3);
    await page.context().setOffline(true);
    await code.fill('8009004500020');
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/smart-scan-${width}.png`, fullPage: true });
    await page.context().setOffline(false);
    await expect(page.getByTestId('smartcart-line')).toHaveCount(4);
    await page.getByRole('link', { name: 'Vai al riepilogo' }).click();
    await expect(page.getByRole('button', { name: 'Concludi la spesa' })).toBeEnabled();
    await page.screenshot({ path: `/tmp/smart-recap-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Concludi la spesa' }).click();
    await expect(page.getByTestId('till-code')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/smart-end-${width}.png`, fullPage: true });
  });
}
