import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { mockApi, SIGNED_IN_USER } from '../../test/mock-api';
import { markLoggedOut, noteServerUser } from '../../lib/auth-state';

describe('Footer', () => {
  it('offers the login to a visitor and the profile to a signed-in customer', async () => {
    mockApi({});
    renderApp('/page/credits');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
    expect(footer.getByRole('link', { name: 'Credits e licenze' })).toBeInTheDocument();

    act(() => noteServerUser(SIGNED_IN_USER));
    // the footer follows the auth state through its subscription: wait for the re-render (it lagged once
    // on a loaded machine)
    expect(await footer.findByRole('link', { name: 'Il mio profilo' })).toHaveAttribute('href', '/profile');
    expect(footer.queryByRole('link', { name: 'Accedi' })).toBeNull();

    act(() => markLoggedOut());
    expect(await footer.findByRole('link', { name: 'Accedi' })).toBeInTheDocument();
  });
});
