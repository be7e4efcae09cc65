import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MFA_REQUIRED_CODE } from '@spesa/shared/contracts/account';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, ok, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { makeUserDetail } from '../../../test/account-fixtures';

// the proof of work is real in the browser; here it answers at once
vi.mock('altcha-lib/v1', () => ({
  solveChallenge: () => ({ promise: Promise.resolve({ number: 42 }), controller: new AbortController() }),
}));

const challenge = { algorithm: 'SHA-256', challenge: 'abc', maxnumber: 1000, salt: 's1', signature: 'sig' };
const WRONG = 'Credenziali non valide: controlla e-mail o numero di carta e password.';
const PIN_TEXT = "Ti abbiamo inviato un codice PIN via e-mail: inseriscilo per completare l'accesso.";

async function openDialog() {
  const app = renderApp('/');
  // the header's account button is a lazy chunk: "Accedi" is a link until it arrives, then a dialog button
  // (one button for wide screens, one icon button for small ones: CSS shows one of them)
  const [button] = await screen.findAllByRole('button', { name: 'Accedi' });
  await app.user.click(button!);
  const dialog = await screen.findByRole('dialog', { name: 'Accedi' });
  return { ...app, dialog };
}

describe('Login dialog', () => {
  it('sends nothing without a password, and trims the login', async () => {
    const fetchMock = mockApi({
      '/auth/challenge': () => ok(challenge),
      '/auth/login': () => okAs(SIGNED_IN_USER, { user: makeUserDetail() }),
    });
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    expect(d.getByRole('checkbox', { name: 'Ricordami su questo dispositivo' })).toBeChecked();
    // no social provider offered by the (mocked) server: no social button
    expect(d.queryByRole('button', { name: 'Accedi con Google' })).toBeNull();
    expect(d.getByRole('link', { name: 'Hai dimenticato la password?' })).toHaveAttribute(
      'href',
      '/reset-password-request',
    );
    expect(d.getByRole('link', { name: 'Registrati' })).toHaveAttribute('href', '/registration-user');
    expect(d.queryByRole('button', { name: 'Scansiona la carta fedeltà' })).toBeNull();

    await user.type(
      d.getByRole('textbox', { name: 'E-mail o numero di carta' }),
      '  mario.rossi@example.it  ',
    );
    await user.click(d.getByRole('button', { name: 'Accedi' }));
    const password = d.getByLabelText(/^Password/);
    expect(await d.findByText('Digitare la password')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(callsTo(fetchMock, '/auth/login')).toHaveLength(0);

    await user.type(password, 'Segreta1!');
    await user.click(d.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(fetchMock, '/auth/login')[0]).toEqual({
      login: 'mario.rossi@example.it',
      password: 'Segreta1!',
      remember_me: true,
    });
    const token = callsTo(fetchMock, '/auth/login')[0]?.searchParams.get('token') ?? '';
    expect(JSON.parse(atob(token))).toEqual({
      algorithm: 'SHA-256',
      challenge: 'abc',
      number: 42,
      salt: 's1',
      signature: 'sig',
    });
    // the header greets the customer and offers the profile menu
    const [greeting] = await screen.findAllByRole('button', { name: 'Ciao, Mario' });
    expect(greeting).toHaveAttribute('aria-haspopup', 'menu');
  });

  it("shows the server's failure inside the dialog and stays open", async () => {
    mockApi({
      '/auth/challenge': () => ok(challenge),
      '/auth/login': () => failure(1, WRONG, 200, { code: 'msg.auth.wrongCredentials' }),
    });
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'E-mail o numero di carta' }), 'mario');
    await user.type(d.getByLabelText(/^Password/), 'sbagliata');
    await user.click(d.getByRole('button', { name: 'Accedi' }));
    const alert = await d.findByRole('alert');
    expect(alert).toHaveTextContent(WRONG);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks for the PIN when the account has it on, can send it again, then signs in with it', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      '/auth/challenge': () => ok(challenge),
      '/auth/login': (_url, init) => {
        calls += 1;
        const body = JSON.parse(String(init?.body)) as { mfa_pin?: string; resend_mfa_pin?: boolean };
        if (body.mfa_pin) return okAs(SIGNED_IN_USER, { user: makeUserDetail() });
        if (body.resend_mfa_pin)
          return failure(1, 'Ti abbiamo inviato un nuovo codice PIN via e-mail.', 200, {
            code: 'msg.auth.mfaResent',
          });
        return failure(1, PIN_TEXT, 200, { code: MFA_REQUIRED_CODE });
      },
    });
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    await user.type(d.getByRole('textbox', { name: 'E-mail o numero di carta' }), 'mario');
    await user.type(d.getByLabelText(/^Password/), 'Segreta1!');
    await user.click(d.getByRole('button', { name: 'Accedi' }));

    const pin = await d.findByRole('textbox', { name: 'Codice PIN' });
    expect(d.getByText(PIN_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(pin).toHaveFocus());

    await user.click(d.getByRole('button', { name: 'Invia di nuovo il PIN' }));
    expect(await d.findByText('Ti abbiamo inviato un nuovo codice PIN via e-mail.')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/auth/login')[1]).toMatchObject({ login: 'mario', resend_mfa_pin: true });
    expect(callsTo(fetchMock, '/auth/login')[1]?.searchParams.get('token')).toBeTruthy();

    await user.click(d.getByRole('button', { name: 'Accedi' }));
    expect(await d.findByText('Campo obbligatorio.')).toBeInTheDocument();
    await user.type(pin, '123456');
    await user.click(d.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toBe(3);
    expect(bodiesTo(fetchMock, '/auth/login')[2]).toMatchObject({
      login: 'mario',
      password: 'Segreta1!',
      mfa_pin: '123456',
    });
    // no bot-check token with the PIN
    expect(callsTo(fetchMock, '/auth/login')[2]?.searchParams.get('token')).toBeNull();
  });
});
