import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSION_EXPIRED_TEXT } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import { failure, mockApi, ok, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { makeUserDetail } from '../../../test/account-fixtures';
import { getToasts } from '../../../lib/toast-store';
import { STORAGE_KEYS } from '../../../lib/storage';
import { resetAuthState } from '../../../lib/auth-state';

vi.mock('altcha-lib/v1', () => ({
  solveChallenge: () => ({ promise: Promise.resolve({ number: 1 }), controller: new AbortController() }),
}));

describe('Customer area guard', () => {
  it('sends an anonymous visitor to the login page and back to the page asked for after signing in', async () => {
    let signedIn = false;
    mockApi({
      '/auth/test': () => ok({ authenticated: false }),
      '/auth/challenge': () =>
        ok({ algorithm: 'SHA-256', challenge: 'c', maxnumber: 10, salt: 's', signature: 'x' }),
      '/auth/login': () => {
        signedIn = true;
        return okAs(SIGNED_IN_USER, { user: makeUserDetail() });
      },
      '/registration/user_detail': () =>
        signedIn
          ? okAs(SIGNED_IN_USER, { user: makeUserDetail() })
          : failure(401, "Devi effettuare l'accesso per continuare.", 401),
    });
    const { user, router } = renderApp('/profile/data');
    expect(
      await screen.findByText('Per vedere questa pagina devi accedere al tuo account.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/profile/data')}`);

    const main = within(screen.getByRole('main'));
    await user.type(
      main.getByRole('textbox', { name: 'E-mail o numero di carta' }),
      'mario.rossi@example.it',
    );
    await user.type(main.getByLabelText(/^Password/), 'Segreta1!');
    await user.click(main.getByRole('button', { name: 'Accedi' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/data'));
    expect(await screen.findByRole('heading', { level: 1, name: 'I miei dati' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Mario');
    // the profile menu: built pages are links, the others say they are coming
    const nav = within(screen.getByRole('navigation', { name: 'Area clienti' }));
    expect(nav.getByRole('link', { name: 'Dati di fatturazione' })).toHaveAttribute(
      'href',
      '/profile/invoice-data',
    );
    expect(nav.getByRole('link', { name: 'I miei ordini' })).toHaveAttribute('href', '/profile/orders');
    expect(nav.getByRole('link', { name: 'Le mie liste' })).toHaveAttribute('href', '/profile/lists');
    expect(nav.getByRole('link', { name: 'Valuta i prodotti' })).toHaveAttribute('href', '/profile/ratings');
  });

  it('on HTTP 419 says the session expired, forgets the customer and their data, and asks to log in', async () => {
    sessionStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    resetAuthState();
    mockApi({
      '/registration/user_detail': () => failure(419, SESSION_EXPIRED_TEXT, 419),
    });
    const { router, queryClient } = renderApp('/profile/data');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToasts().map((t) => t.message)).toContain(SESSION_EXPIRED_TEXT);
    expect(sessionStorage.getItem(STORAGE_KEYS.loggedIn)).toBeNull();
    expect((await screen.findAllByRole('button', { name: 'Accedi' })).length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(['account', 'user-detail'])).toBeUndefined();
  });
});
