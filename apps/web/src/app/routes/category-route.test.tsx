import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { callsTo, failure, mockApi, ok } from '../../test/mock-api';
import { categoryTree, fruttaCategory, makeProduct, productPage } from '../../test/fixtures';

const products = Array.from({ length: 3 }, (_, i) =>
  makeProduct({ productId: i + 1, name: `Mela ${i + 1}` }),
);

function mockCatalogue() {
  return mockApi({
    '/category': (url) => {
      const slug = url.searchParams.get('slug');
      if (!slug) return ok({ categories: categoryTree });
      return slug === 'frutta'
        ? ok({ category: fruttaCategory })
        : failure(404, 'Categoria non trovata', 404);
    },
    '/products': (url) => ok(productPage(products, Number(url.searchParams.get('page') ?? 1), 60)),
  });
}

const search = (router: ReturnType<typeof renderApp>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('Category page', () => {
  it('shows breadcrumbs, h1, subcategories and the listing of the category', async () => {
    const fetchMock = mockCatalogue();
    renderApp('/category/frutta-e-verdura/frutta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frutta' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Frutta – Spesa – la spesa online'));
    const crumbs = screen.getByRole('navigation', { name: 'Percorso' });
    expect(await within(crumbs).findByRole('link', { name: 'Frutta e verdura' })).toHaveAttribute(
      'href',
      '/category/frutta-e-verdura',
    );
    expect(screen.getByRole('link', { name: 'Mele e pere (12)' })).toHaveAttribute(
      'href',
      '/category/mele-e-pere',
    );
    expect(await screen.findByText('Mela 1')).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('60 prodotti');
    const call = callsTo(fetchMock, '/products').at(-1)!;
    expect(call.searchParams.get('parent_category_id')).toBe('10100');
    expect(call.searchParams.get('page_size')).toBe('24');
    expect(call.searchParams.get('page')).toBe('1');
  });

  it('any filter change goes back to page 1 and is kept in the URL', async () => {
    const fetchMock = mockCatalogue();
    const { router, user } = renderApp('/category/frutta?page=3&sort=pri_asc');
    expect(await screen.findByText('Mela 1')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/products').at(-1)!.searchParams.get('page')).toBe('3');
    expect(screen.getByRole('button', { name: 'Pagina 3, pagina corrente' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(screen.getByRole('switch', { name: 'Solo offerte' }));
    await waitFor(() => expect(search(router).get('promo')).toBe('1'));
    expect(search(router).get('page')).toBeNull();
    expect(search(router).get('sort')).toBe('pri_asc');
    await waitFor(() => {
      const last = callsTo(fetchMock, '/products').at(-1)!;
      expect(last.searchParams.get('promo')).toBe('true');
      expect(last.searchParams.get('page')).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Vai alla pagina 2' }));
    await waitFor(() => expect(search(router).get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('Ordina per'), 'Prezzo decrescente');
    await waitFor(() => expect(search(router).get('sort')).toBe('pri_desc'));
    expect(search(router).get('page')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Melinda (12)' }));
    await waitFor(() => expect(search(router).getAll('facet')).toEqual(['vendor:1']));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/products').at(-1)!.searchParams.getAll('facet')).toEqual(['vendor:1']),
    );

    // back returns to the previous filters
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search(router).getAll('facet')).toEqual([]));
    expect((screen.getByLabelText('Ordina per') as HTMLSelectElement).value).toBe('pri_desc');
  });

  it('remembers the grid/list choice (default list)', async () => {
    mockCatalogue();
    const first = renderApp('/category/frutta');
    await screen.findByText('Mela 1');
    expect(screen.getAllByTestId('product-card')[0]).toHaveAttribute('data-mode', 'list');
    const listButton = screen.getByRole('button', { name: 'Lista' });
    expect(listButton).toHaveAttribute('aria-pressed', 'true');

    await first.user.click(screen.getByRole('button', { name: 'Griglia' }));
    expect(screen.getByRole('button', { name: 'Griglia' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('product-card')[0]).toHaveAttribute('data-mode', 'grid');
    expect(JSON.parse(localStorage.getItem('spesa.productViewMode')!)).toBe('grid');

    first.unmount();
    renderApp('/search?q=mela');
    await screen.findByText('Mela 1');
    expect(screen.getAllByTestId('product-card')[0]).toHaveAttribute('data-mode', 'grid');
  });

  it('a category change starts without filters', async () => {
    mockCatalogue();
    const { router, user } = renderApp('/category/frutta?promo=1&page=2&facet=vendor:1');
    await screen.findByText('Mela 1');
    await user.click(screen.getByRole('link', { name: 'Mele e pere (12)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/mele-e-pere'));
    expect(router.state.location.search).toBe('');
  });

  it('shows the 404 content for an unknown slug', async () => {
    mockCatalogue();
    renderApp('/category/non-esiste');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });
});
