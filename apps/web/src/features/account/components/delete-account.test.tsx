import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, ok, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree, homeCategory } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

/** Account deletion (spec section 5): after it the customer is on the home page, told the account is gone. */
describe('account deletion', () => {
  it('from the e-mail link: code checked, deletion confirmed, then the home page with the confirmation', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    let deleted = false;
    const fetchMock = mockApi({
      '/category': (url) =>
        url.searchParams.get('slug') === 'home'
          ? ok({ category: homeCategory })
          : deleted
            ? ok({ categories: categoryTree })
            : okAs(SIGNED_IN_USER, { categories: categoryTree }),
      '/cart/view': () => okAs(SIGNED_IN_USER, makeCheckoutCart()),
      '/registration/anonymize_token_check': () => okAs(SIGNED_IN_USER, { valid: true }),
      '/registration/user_anonymize': () => {
        deleted = true;
        // the session is gone: the answer names the anonymous user
        return ok({});
      },
    });
    const { router, user } = renderApp('/profile/delete-account?token=abc123');
    await user.click(await screen.findByRole('button', { name: 'Continua' }));
    await user.click(await screen.findByRole('button', { name: "Cancella definitivamente l'account" }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Il tuo account è stato cancellato.')).toBeVisible();
    expect(screen.queryByText(/Per vedere questa pagina devi accedere/)).toBeNull();
    expect(callsTo(fetchMock, '/registration/user_anonymize')[0]?.searchParams.get('token')).toBe('abc123');
  });
});
