import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { mockApi, ok, SIGNED_IN_USER } from '../../test/mock-api';
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

  it('links the pages of the footer menu of the content store', async () => {
    mockApi({
      '/p/wp-json/menus/v1/locations/:location': () =>
        ok({
          location: 'footer' as const,
          items: [
            {
              ID: 1,
              title: 'Condizioni di vendita',
              url: '/page/condizioni-generali-di-vendita',
              menu_order: 1,
            },
            { ID: 2, title: 'Domande frequenti', url: '/shop/page/faq', menu_order: 2 },
            { ID: 3, title: 'Ricette', url: 'https://ricette.example.it/', menu_order: 3 },
          ],
        }),
    });
    renderApp('/');
    const footer = within(await screen.findByRole('contentinfo'));
    const pages = within(footer.getByRole('navigation', { name: 'Informazioni' }));
    expect(await pages.findByRole('link', { name: 'Domande frequenti' })).toHaveAttribute(
      'href',
      '/page/faq',
    );
    expect(pages.getByRole('link', { name: 'Condizioni di vendita' })).toHaveAttribute(
      'href',
      '/page/condizioni-generali-di-vendita',
    );
    expect(pages.getByRole('link', { name: /Ricette/ })).toHaveAttribute('target', '_blank');
  });

  it('without the menu the legal pages are still linked', async () => {
    mockApi({});
    renderApp('/cart');
    const footer = within(await screen.findByRole('contentinfo'));
    const pages = within(footer.getByRole('navigation', { name: 'Informazioni' }));
    for (const name of ['Condizioni di vendita', 'Privacy', 'Cookie policy', 'Contatti', 'Credits e licenze'])
      expect(pages.getByRole('link', { name })).toBeInTheDocument();
  });
});
