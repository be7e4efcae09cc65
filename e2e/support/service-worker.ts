import { expect, type Page } from '@playwright/test';

/** Waits until the shop's service worker (decision 055) controls the page. */
export async function expectControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** A full reload of the page, waiting until every answer it asked for has arrived. */
export async function reloadAndSettle(page: Page): Promise<void> {
  await page.reload();
  await page.waitForLoadState('networkidle');
}
