// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REJECTION_REASON_TEXT } from '@spesa/shared/contracts/admin-ratings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkRejectionReason, RejectVoteDialog } from './vote-reject-dialog';

afterEach(cleanup);

function open(onReject: (reason: string) => Promise<void> = () => Promise.resolve()) {
  const onClose = vi.fn();
  const reject = vi.fn(onReject);
  render(
    <RejectVoteDialog
      open
      customer="Giulia"
      product="Latte intero 1 l"
      onClose={onClose}
      onReject={reject}
    />,
  );
  return { onClose, reject, user: userEvent.setup() };
}

describe('the reason of a rejection', () => {
  it('takes 3 to 500 characters once trimmed, as the API does, and answers the Italian message otherwise', () => {
    expect(checkRejectionReason('  Linguaggio offensivo  ')).toEqual({ reason: 'Linguaggio offensivo' });
    expect(checkRejectionReason('abc')).toEqual({ reason: 'abc' });
    expect(checkRejectionReason('x'.repeat(500))).toEqual({ reason: 'x'.repeat(500) });
    for (const bad of ['', 'ab', '   ab   ', 'x'.repeat(501)])
      expect(checkRejectionReason(bad)).toEqual({ error: REJECTION_REASON_TEXT });
    expect(REJECTION_REASON_TEXT).toBe('Scrivi il motivo del rifiuto (da 3 a 500 caratteri).');
  });
});

describe('the reject dialog', () => {
  it('is titled, and refuses a too short reason with the Italian message without sending it', async () => {
    const { reject, user } = open();
    const dialog = screen.getByRole('dialog', { name: 'Rifiuta la recensione' });
    expect(dialog).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /Motivo del rifiuto/ });
    expect(document.activeElement).toBe(field);

    await user.type(field, '  no ');
    await user.click(screen.getByRole('button', { name: 'Rifiuta la recensione' }));

    expect(reject).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(REJECTION_REASON_TEXT)).toBeTruthy();
    // the message is the field's description, read with it
    const described = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(REJECTION_REASON_TEXT);

    // a right reason clears the message
    await user.type(field, 'pe');
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('sends the trimmed reason', async () => {
    const { reject, user } = open();
    await user.type(
      screen.getByRole('textbox', { name: /Motivo del rifiuto/ }),
      '  Contiene un indirizzo e-mail ',
    );
    await user.click(screen.getByRole('button', { name: 'Rifiuta la recensione' }));
    await waitFor(() => expect(reject).toHaveBeenCalledWith('Contiene un indirizzo e-mail'));
  });

  it("shows the API's refusal and stays open", async () => {
    const { user } = open(() => Promise.reject(new Error('Questo voto è già stato deciso.')));
    await user.type(screen.getByRole('textbox', { name: /Motivo del rifiuto/ }), 'Fuori tema');
    await user.click(screen.getByRole('button', { name: 'Rifiuta la recensione' }));
    expect(await screen.findByText('Questo voto è già stato deciso.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Rifiuta la recensione' })).toBeTruthy();
  });

  it('closes on Annulla', async () => {
    const { onClose, reject, user } = open();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(reject).not.toHaveBeenCalled();
  });
});
