import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, ok } from '../../../test/mock-api';
import { categoryTree, fruttaCategory, makeProduct, productPage } from '../../../test/fixtures';

function mockSearch() {
  return mockApi({
    '/category': (url) =>
      url.searchParams.get('slug') ? ok({ category: fruttaCategory }) : ok({ categories: categoryTree }),
    '/products': () => ok(productPage([makeProduct({ productId: 9, name: 'Latte fresco' })])),
    '/products/suggest': () =>
      ok({
        items: [
          { name: 'latte', type: 'Word' as const },
          { name: 'Latte e derivati', type: 'Category' as const, slug: 'frutta' },
          { name: 'Latte fresco intero', type: 'Product' as const, slug: 'latte-fresco-intero', id: 9 },
        ],
      }),
  });
}

describe('Search box', () => {
  it('suggests after a pause and opens the chosen product with the keyboard', async () => {
    const fetchMock = mockSearch();
    const { user, router } = renderApp('/cart');
    const box = await screen.findByRole('combobox', { name: 'Cerca prodotti' });
    await user.type(box, 'latt');
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options.map((o) => o.textContent)).toEqual([
      'latteParola',
      'Latte e derivatiReparto',
      'Latte fresco interoProdotto',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // typing fast asks once, for the whole word (debounced)
    expect(callsTo(fetchMock, '/products/suggest').map((u) => u.searchParams.get('q'))).toEqual(['latt']);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/latte-fresco-intero'));
  });

  it('goes to the category or to the search page, and remembers the words searched', async () => {
    mockSearch();
    const { user, router } = renderApp('/cart');
    const box = await screen.findByRole('combobox', { name: 'Cerca prodotti' });
    await user.type(box, 'latte');
    await user.click(await screen.findByRole('option', { name: /Latte e derivati/ }, { timeout: 2000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/frutta'));

    await user.type(box, 'Latte{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Latte');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Risultati per "Latte"' }),
    ).toBeInTheDocument();

    const stored = JSON.parse(localStorage.getItem('spesa.searchWords')!) as {
      name: string;
      counter: number;
    }[];
    expect(stored).toEqual([expect.objectContaining({ name: 'Latte', counter: 1 })]);

    // focused and empty: the remembered words; Escape closes
    await user.clear(box);
    await user.click(document.body);
    await user.click(box);
    const recent = await screen.findByRole('listbox', { name: 'Ricerche recenti' });
    expect(recent).toBeVisible();
    expect(screen.getByRole('option', { name: 'Latte' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
