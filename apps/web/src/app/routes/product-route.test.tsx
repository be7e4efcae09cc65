import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { mockApi, ok } from '../../test/mock-api';
import { categoryTree, makeProduct } from '../../test/fixtures';

/** The product page's food information (Regulation EU 1169/2011): shown as sent, or said to be missing. */
describe('Product page: food information', () => {
  it('shows the ingredients with allergens emphasised and the nutrition table; a missing piece is said missing', async () => {
    const biscuits = makeProduct({
      productId: 7,
      slug: 'frollini-7',
      name: 'Frollini',
      metaData: {
        product_description: {
          ingredients: 'Farina di <strong>frumento</strong>, zucchero, <strong>burro</strong>',
          nutritional_values:
            '<table><caption>Valori medi per 100 g</caption><thead><tr><th scope="col">Nutriente</th><th scope="col">Per 100 g</th></tr></thead><tbody><tr><th scope="row">Grassi</th><td>20 g</td></tr></tbody></table>',
        },
      },
    });
    mockApi({ '/category': () => ok({ categories: categoryTree }), '/products': () => ok(biscuits) });
    renderApp('/product/frollini-7');
    const ingredients = await screen.findByRole('heading', { level: 2, name: 'Ingredienti' });
    const section = within(ingredients.closest('section')!);
    expect(section.getByText('frumento').tagName).toBe('STRONG');
    const table = screen.getByRole('table', { name: 'Valori medi per 100 g' });
    expect(within(table).getByRole('rowheader', { name: 'Grassi' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '20 g' })).toBeInTheDocument();
    const allergens = screen.getByRole('heading', { level: 2, name: 'Allergeni' }).closest('section')!;
    expect(allergens).toHaveTextContent("Informazione non disponibile: consulta l'etichetta.");
  });

  it('a household product asks for no food information', async () => {
    const soap = makeProduct({
      productId: 8,
      slug: 'sapone-8',
      name: 'Sapone',
      metaData: { product_extra: { nonFood: 'true' } },
    });
    mockApi({ '/category': () => ok({ categories: categoryTree }), '/products': () => ok(soap) });
    renderApp('/product/sapone-8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sapone' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ingredienti' })).toBeNull();
    expect(screen.queryByText(/Informazione non disponibile/)).toBeNull();
  });
});
