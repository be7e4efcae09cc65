import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { mockApi, ok } from '../../../test/mock-api';
import { categoryTree, fruttaCategory, makeProduct, productPage } from '../../../test/fixtures';

function mockMenu() {
  mockApi({
    '/category': (url) =>
      url.searchParams.get('slug') ? ok({ category: fruttaCategory }) : ok({ categories: categoryTree }),
    '/products': () => ok(productPage([makeProduct()])),
  });
}

describe('Department menu', () => {
  it('opens the mega-menu from "Reparti", moves with the keyboard and shows the categories', async () => {
    mockMenu();
    const { user, router } = renderApp('/cart');
    const button = await screen.findByTestId('department-menu-button');
    expect(button).toHaveAccessibleName('Reparti');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const nav = await screen.findByRole('navigation', { name: 'Menu dei reparti' });
    const items = await within(nav).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['🍎Frutta e verdura', 'Macelleria']);
    await waitFor(() => expect(items[0]).toHaveFocus());
    expect(within(nav).getByRole('link', { name: 'Frutta' })).toHaveAttribute('href', '/category/frutta');
    expect(within(nav).getByRole('link', { name: 'Mele e pere' })).toHaveAttribute(
      'href',
      '/category/mele-e-pere',
    );

    await user.keyboard('{ArrowRight}');
    expect(within(nav).getByRole('link', { name: 'Tutto Frutta e verdura' })).toHaveFocus();
    await user.click(within(nav).getByRole('link', { name: 'Frutta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/frutta'));
  });

  it('opens a drawer from the hamburger on small screens', async () => {
    mockMenu();
    const { user } = renderApp('/cart');
    await user.click(await screen.findByTestId('department-drawer-button'));
    const drawerNav = await screen.findByRole('navigation', { name: 'Menu dei reparti' });
    const dept = await within(drawerNav).findByRole('button', { name: /Frutta e verdura/ });
    expect(dept).toHaveAttribute('aria-expanded', 'false');
    await user.click(dept);
    expect(dept).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawerNav).getByRole('link', { name: 'Frutta' })).toHaveAttribute(
      'href',
      '/category/frutta',
    );
    await user.click(within(drawerNav).getByRole('button', { name: 'Chiudi il menu' }));
  });
});
