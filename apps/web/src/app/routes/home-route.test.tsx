import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { categoryTree, homeCategory, makeProduct, productPage } from '../../test/fixtures';

function mockHome() {
  return mockApi({
    '/category': (url) =>
      url.searchParams.get('slug') === 'home'
        ? ok({ category: homeCategory })
        : ok({ categories: categoryTree }),
    '/products': (url) =>
      ok(
        productPage(
          [
            makeProduct({ productId: 1, name: 'Mele Golden' }),
            makeProduct({ productId: 2, name: 'Pere Abate' }),
          ],
          1,
          url.searchParams.get('parent_category_id') === '10100' ? 30 : 2,
        ),
      ),
    '/adv': () => ok({ products: [makeProduct({ productId: 3, name: 'Latte intero' })], totItems: 1 }),
  });
}

describe('Home', () => {
  it('renders the blocks of the home category in the GRID_CONFIG rows', async () => {
    const fetchMock = mockHome();
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spesa, la spesa online del tuo supermercato' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Spesa – la spesa online'));

    // header slider: a named carousel with the first banner's alt text
    expect(await screen.findByAltText('Frutta di stagione')).toBeInTheDocument();
    // the tabbed product block is a lazy module (MUI Tabs)
    expect(await screen.findByTestId('block-ProductTab')).toBeInTheDocument();
    // columns sized per breakpoint, blocks by position and priority
    const rows = screen.getAllByTestId('grid-row');
    expect(rows).toHaveLength(2);
    const main = rows[1]!.querySelector('[data-position="main"]') as HTMLElement;
    const types = Array.from(main.querySelectorAll('[data-block-type]')).map((el) =>
      el.getAttribute('data-block-type'),
    );
    expect(types).toEqual(['BannerGrid', 'ProductSlider', 'CrmProductSlider', 'ProductTab']);

    // product slider: products of CATEGORY with PRODUCT_LIMIT, show-all because 30 > 2
    const fruit = screen.getByTestId('block-ProductSlider');
    expect(await within(fruit).findByText('Mele Golden')).toBeInTheDocument();
    expect(
      within(fruit).getByRole('link', { name: 'Vedi tutti i prodotti di Frutta fresca' }),
    ).toHaveAttribute('href', '/category/frutta');
    const productCall = callsTo(fetchMock, '/products').find((u) => u.searchParams.get('page_size') === '2');
    expect(productCall?.searchParams.get('parent_category_id')).toBe('10100');

    // CRM slider: /adv with the algorithm; 1 item → no show-all
    const crm = screen.getByTestId('block-CrmProductSlider');
    expect(await within(crm).findByText('Latte intero')).toBeInTheDocument();
    expect(within(crm).queryByText('Vedi tutti')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/adv')[0]?.searchParams.get('layout')).toBe('26');
    expect(callsTo(fetchMock, '/adv')[0]?.searchParams.get('limit')).toBe('12');

    // static text: safe HTML, external link opens in a new window with a hint, script dropped
    const about = screen.getByTestId('block-StaticText');
    expect(within(about).getByText('Lombardia').tagName).toBe('STRONG');
    const external = within(about).getByRole('link', { name: /dal 1960/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveTextContent('(si apre in una nuova finestra)');
    expect(document.querySelector('script[src], main script')).toBeNull();

    // banner grid: card with /shop prefix stripped, button to /p/ as a plain anchor
    const grid = screen.getByTestId('block-BannerGrid');
    expect(within(grid).getByRole('link', { name: /Macelleria/ })).toHaveAttribute(
      'href',
      '/category/macelleria',
    );
    expect(within(grid).getByRole('link', { name: 'Volantino' })).toHaveAttribute('href', '/p/volantino');

    // product tab: tabs per proposal
    expect(screen.getByRole('tab', { name: 'Mele' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Tutta la frutta' })).toBeInTheDocument();

    // leaflets: nothing yet; tutorial: only in the app build
    expect(screen.queryByText('Volantini')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
