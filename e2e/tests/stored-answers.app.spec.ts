import { expect, test } from '../support/started-servers';
import { DEMO_PASSWORD } from '../support/account';
import { accountButton, openApp, signInApp } from '../support/app';
import { expectControlled, reloadAndSettle } from '../support/service-worker';

// The installed app (decision 055): its service worker's stored answers never say who the customer is, so a
// full reload after signing in keeps the customer signed in (the session travels in the app's header).

test.use({ serviceWorkers: 'allow' });

test('app: signed in, a full reload keeps the customer signed in', async ({ page }) => {
  await openApp(page);
  await expectControlled(page);
  // the anonymous visit's answers go through the worker once (it keeps its copies)
  await reloadAndSettle(page);
  await signInApp(page, 'giulia.bianchi@spesa.demo', DEMO_PASSWORD, 'Giulia');

  await reloadAndSettle(page);
  await expect(accountButton(page, 'Giulia')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('spesa.loggedIn'))).toBe('true');
});
