import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Types a date (given as the wire's yyyy-MM-dd) as a customer does in the shop's Italian date picker
 * (decision 079): from the field's day section, dd/mm/yyyy on the keyboard.
 */
export async function typeDate(scope: Page | Locator, label: string | RegExp, wire: string): Promise<void> {
  const page = 'keyboard' in scope ? scope : scope.page();
  const typed = wire.split('-').reverse().join('/');
  const field = scope.getByRole('group', { name: label, exact: typeof label === 'string' });
  await field.getByRole('spinbutton', { name: 'Giorno' }).focus();
  await page.keyboard.type(typed);
  await expect(field).toContainText(typed);
}
