import { fireEvent, screen } from '@testing-library/react';

/**
 * Enters a date as dd/mm/yyyy in the Italian date picker labelled `label`, once its chunk has loaded (its
 * day, month and year sections form a group): through the picker's hidden input, which reads the typed text
 * as a whole as a paste does.
 */
export async function enterDate(label: string | RegExp, ddmmyyyy: string): Promise<void> {
  await screen.findByRole('group', { name: label }, { timeout: 5_000 });
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value: ddmmyyyy } });
}
