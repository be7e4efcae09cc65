import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import type { MenuItem } from '@spesa/shared/contracts/content';
import { mockApi, SIGNED_IN_USER, wp } from '../../test/mock-api';
import { markLoggedOut, noteServerUser } from '../../lib/auth-state';

/** An entry of a menu as the menus plugin answers it (a WordPress nav_menu_item). */
const menuItem = (id: number, title: string, url: string): MenuItem => ({
  ID: id,
  db_id: id,
  title,
  url,
  menu_order: id,
  menu_item_parent: '0',
  object: 'custom',
  object_id: String(id),
  type: 'custom',
  type_label: 'Link personalizzato',
  target: '',
  attr_title: '',
  description: '',
  classes: [''],
  xfn: '',
  post_type: 'nav_menu_item',
  post_status: 'publish',
});

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
        wp({
          term_id: 2,
          name: 'Menu del piè di pagina',
          slug: 'footer',
          term_group: 0,
          term_taxonomy_id: 2,
          taxonomy: 'nav_menu' as const,
          description: '',
          parent: 0,
          count: 3,
          filter: 'raw' as const,
          items: [
            menuItem(1, 'Condizioni di vendita', '/page/condizioni-generali-di-vendita'),
            menuItem(2, 'Domande frequenti', '/shop/page/faq'),
            menuItem(3, 'Ricette', 'https://ricette.example.it/'),
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
