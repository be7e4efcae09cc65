import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { mockApi, ok } from '../../test/mock-api';
import { categoryTree, fruttaCategory, makeProduct, productPage } from '../../test/fixtures';

const promo = makeProduct({
  productId: 1,
  name: 'Mele Golden',
  shortDescr: 'Melinda',
  description: 'kg 1,5',
  priceDisplay: 1.59,
  priceStandardDisplay: 1.99,
  priceUmDisplay: 1.06,
  badge: { label: 'Km 0', cssClass: 'km0' },
  maxAcq: 6,
  warehousePromo: {
    warehousePromoId: 1,
    warehousePromoTypeId: 1,
    promoType: 'SCONTO',
    discount: 0.4,
    discountPerc: 20,
    validityDate: '2025-01-01',
    expireDate: '2030-01-01',
    selectable: false,
    priorPrice: 1.89,
    view: {
      cssClass: 'promo',
      header: 'Offerta',
      body: 'fino a domenica',
      footer: '',
      bubble: '-20%',
      permanent: false,
    },
  },
});
const missing = makeProduct({ productId: 2, name: 'Pere Abate', available: 0 });
const cardOnly = makeProduct({
  productId: 3,
  name: 'Biscotti Frollini',
  priceDisplay: 2.4,
  priceStandardDisplay: 3,
  warehousePromo: { ...promo.warehousePromo!, priorPrice: 3, audience: 'card', discount: 0.6 },
});

// a loose product on promotion (Sfuso: sold by the kilo), as the seed's "Pomodori datterini"
const looseOnPromo = makeProduct({
  productId: 4,
  name: 'Pomodori datterini',
  description: 'al kg',
  priceDisplay: 2.69,
  priceStandardDisplay: 3.79,
  priceUnitDisplay: 'kg',
  productInfos: { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '500', WEIGHT_UNIT_SELLING: 'GR' },
  warehousePromo: { ...promo.warehousePromo!, priorPrice: 3.49 },
});

describe('Product card', () => {
  it('shows price, struck list price, the 30-day prior price, per-unit price, promo, badge, limit; an anonymous add asks for the login first', async () => {
    mockApi({
      '/category': (url) =>
        url.searchParams.get('slug') ? ok({ category: fruttaCategory }) : ok({ categories: categoryTree }),
      '/products': () => ok(productPage([promo, missing])),
    });
    const { user, router } = renderApp('/category/frutta');
    const [first, second] = await screen.findAllByTestId('product-card');
    const card = within(first!);
    expect(card.getByRole('heading', { level: 3, name: 'Mele Golden' })).toBeInTheDocument();
    expect(card.getByText('Melinda')).toBeInTheDocument();
    expect(card.getByText('kg 1,5')).toBeInTheDocument();
    expect(card.getByTestId('product-price')).toHaveTextContent(
      'Prezzo di listino: 1,99 €Prezzo in offerta: 1,59 €Prezzo più basso degli ultimi 30 giorni: 1,89 €1,06 €/kg',
    );
    // no reduction, no prior price
    expect(within(second!).queryByTestId('prior-price')).not.toBeInTheDocument();
    expect(card.getByText('-20%')).toBeInTheDocument();
    expect(card.getByTestId('promo-text')).toHaveTextContent('Offerta fino a domenica');
    expect(card.getByText('Km 0')).toBeInTheDocument();
    expect(card.getByText('Massimo 6 pezzi per ordine')).toBeInTheDocument();
    const img = card.getByRole('img', { name: 'Mele Golden' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');

    expect(within(second!).getByText('Prodotto non disponibile')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /al carrello/ })).not.toBeInTheDocument();

    // the quantity control's chunk replaces the look-alike button; anonymous carts are off: login first
    await waitFor(() => expect(card.getByTestId('quantity-control')).toBeInTheDocument());
    await user.click(card.getByRole('button', { name: 'Aggiungi Mele Golden al carrello' }));
    expect(await screen.findByRole('dialog', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/category/frutta');
  });

  it('a card price is an invitation: the list price is the price, the card price beside it (decision 032)', async () => {
    mockApi({
      '/category': (url) =>
        url.searchParams.get('slug') ? ok({ category: fruttaCategory }) : ok({ categories: categoryTree }),
      '/products': () => ok(productPage([cardOnly])),
    });
    renderApp('/category/frutta');
    const [first] = await screen.findAllByTestId('product-card');
    expect(within(first!).getByTestId('product-price')).toHaveTextContent(
      'Prezzo: 3,00 €Con la carta fedeltà: 2,40 €Prezzo più basso degli ultimi 30 giorni: 3,00 €',
    );
  });

  it('every price of a loose product on promotion says its unit: the price, the struck list price, the 30-day lowest', async () => {
    mockApi({
      '/category': (url) =>
        url.searchParams.get('slug') ? ok({ category: fruttaCategory }) : ok({ categories: categoryTree }),
      '/products': () => ok(productPage([looseOnPromo])),
    });
    renderApp('/category/frutta');
    const [first] = await screen.findAllByTestId('product-card');
    expect(within(first!).getByTestId('product-price')).toHaveTextContent(
      'Prezzo di listino: 3,79 €/kgPrezzo in offerta: 2,69 €/kgPrezzo più basso degli ultimi 30 giorni: 3,49 €/kg',
    );
  });
});
