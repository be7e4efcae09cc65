import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { CardView, PremiumArea, PremiumProduct } from '@spesa/shared/contracts/loyalty';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree, makeProduct, productPage } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const card = (n: string, type: 'fidelity' | 'premium') => ({
  cardNumber: n,
  cardType: type,
  validTo: null,
  valid: true,
  issuedAt: '2026-01-10T09:00:00Z',
});
const fidelity: CardView = {
  card: card('2600000000017', 'fidelity'),
  premium: { active: false, excluded: false, canRequest: true, request: null },
};
const physical: CardView = {
  card: card('2790000000070', 'premium'),
  premium: {
    active: true,
    excluded: false,
    canRequest: false,
    request: {
      channel: 'physical',
      state: 'requested',
      requestedAt: '2026-11-26T09:00:00Z',
      shippedAt: null,
      deliveredAt: null,
      dueBy: '2026-12-26',
    },
  },
};
const area: PremiumArea = {
  cardNumber: '2790000000070',
  freeDeliveriesLeft: 2,
  productDiscountOn: false,
  productDiscountUntil: '2025-12-31',
  birthdayCakeMin: 5.9,
  birthdayCakeMax: 8.5,
};
const noProduct: PremiumProduct = {
  discountOn: true,
  percent: 20,
  discountUntil: '2026-12-31',
  product: null,
  chosenOn: null,
  canChange: true,
  changeableFrom: null,
};
/** a refusal naming the signed-in customer (an anonymous user would sign them out) */
const refusal = (text: string) => {
  const reply = failure(1, text) as { envelope: Envelope<null> };
  return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
};
const signedIn = () => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
};
const base = {
  '/category': () => ok({ categories: categoryTree }),
  '/cart/view': () => ok(makeCheckoutCart()),
};

/** "Carta Premium" (decision 038): perks, becoming premium, the reserved area, the excluded notice. */
describe('premium page', () => {
  it('lists the perks; a fidelity holder chooses the physical card and sees its state and the reserved area', async () => {
    signedIn();
    let requested = false;
    const fetchMock = mockApi({
      ...base,
      '/loyalty/card': () => ok(requested ? physical : fidelity),
      '/loyalty/premium/request': () => {
        requested = true;
        return ok(physical);
      },
      '/loyalty/premium/area': () => ok(area),
      '/loyalty/premium/product': () => ok(noProduct),
    });
    const { user } = renderApp('/profile/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carta Premium' })).toBeVisible();
    const perks = await screen.findByTestId('premium-perks');
    expect(perks).toHaveTextContent('una torta in regalo da 5,90 € a 8,50 €');
    expect(perks).toHaveTextContent('3 prodotti omaggio.');
    expect(perks).toHaveTextContent('Bollini sconto extra del 40%.');
    expect(perks).toHaveTextContent('2 consegne a domicilio gratuite.');
    // renewed for each calendar year (decision 043)
    expect(perks).toHaveTextContent(/sempre scontato del 20% fino al 31\/12\/20\d\d/);
    expect(callsTo(fetchMock, '/loyalty/premium/area')).toHaveLength(0);

    const form = screen.getByRole('region', { name: 'Diventa Premium' });
    await user.click(within(form).getByRole('radio', { name: /Carta fisica/ }));
    await user.click(within(form).getByRole('button', { name: 'Diventa Premium' }));

    const steps = await screen.findByRole('list', { name: 'Stato della spedizione' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Richiesta', '2. Spedita', '3. Consegnata']);
    expect(within(steps).getByText('1. Richiesta')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Spedita per posta entro un mese: la ricevi entro il 26/12/2026.')).toBeVisible();
    const reserved = screen.getByRole('region', { name: 'La tua area riservata' });
    expect(await within(reserved).findByTestId('free-deliveries')).toHaveTextContent('2 di 2');
    expect(within(reserved).getByText('terminato il 31/12/2025')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Diventa Premium' })).toBeNull();
    expect(bodiesTo(fetchMock, '/loyalty/premium/request')).toEqual([{ channel: 'physical' }]);
  });

  it('an excluded customer reads that access is not available, and nothing else', async () => {
    signedIn();
    const fetchMock = mockApi({
      ...base,
      '/loyalty/card': () =>
        ok({ ...fidelity, premium: { ...fidelity.premium, canRequest: false, excluded: true } }),
    });
    renderApp('/profile/premium');
    expect(await screen.findByTestId('premium-excluded')).toHaveTextContent(
      'Accesso non disponibile: contatta il servizio clienti.',
    );
    expect(screen.queryByRole('button', { name: 'Diventa Premium' })).toBeNull();
    expect(screen.queryByTestId('premium-perks')).toBeNull();
    expect(callsTo(fetchMock, '/loyalty/premium/area')).toHaveLength(0);
  });

  it('without a card, it asks to link one first', async () => {
    signedIn();
    mockApi({
      ...base,
      '/loyalty/card': () =>
        ok({ card: null, premium: { active: false, excluded: false, canRequest: false, request: null } }),
    });
    renderApp('/profile/premium');
    expect(
      await screen.findByText('Per diventare Premium collega prima una carta fedeltà valida.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Collega la tua carta' })).toHaveAttribute(
      'href',
      '/profile/card',
    );
  });
});

/** "Il tuo prodotto scontato del 20%" (decision 043): choosing the product from a search of the catalogue. */
describe('premium product', () => {
  const pasta = makeProduct({
    productId: 501,
    name: 'Spaghetti di grano duro',
    priceDisplay: 2.49,
    price: 2.49,
  });
  const formula = makeProduct({
    productId: 502,
    name: 'Latte per lattanti 1',
    categoryId: 180101,
    breadCrumbs: [{ name: 'Infanzia', slug: 'infanzia', categoryId: 180000 }],
  });
  const other = makeProduct({ productId: 503, name: 'Spaghetti integrali', priceDisplay: 1.8, price: 1.8 });

  it('searches, chooses with the keyboard, then says when it can change; excluded products have no button', async () => {
    signedIn();
    let state: PremiumProduct = noProduct;
    const fetchMock = mockApi({
      ...base,
      '/loyalty/card': () => ok(physical),
      '/loyalty/premium/area': () =>
        ok({ ...area, productDiscountOn: true, productDiscountUntil: '2026-12-31' }),
      '/products': () => ok(productPage([pasta, formula, other])),
      '/loyalty/premium/product': (_url, init) => {
        if (init?.method === 'POST') {
          const { productId } = JSON.parse(String(init.body)) as { productId: number };
          if (productId === other.productId)
            return refusal(
              'Hai già scelto il prodotto scontato questo mese: potrai cambiarlo dal primo giorno del mese prossimo.',
            );
          state = {
            ...noProduct,
            product: pasta,
            chosenOn: '2026-11-26',
            canChange: false,
            changeableFrom: '2026-12-01',
          };
        }
        return ok(state);
      },
    });
    const { user } = renderApp('/profile/premium');
    const section = await screen.findByRole('region', { name: 'Il tuo prodotto scontato del 20%' });
    expect(await within(section).findByText('Non hai ancora scelto il prodotto.')).toBeVisible();
    await user.type(
      within(section).getByRole('searchbox', { name: 'Cerca il prodotto da scontare' }),
      'spaghetti',
    );
    const results = await within(section).findByRole('list', { name: 'Risultati della ricerca' });
    expect(await within(section).findByText('3 prodotti trovati')).toBeVisible();
    const items = within(results).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Latte per lattanti 1Non può essere scelto');
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[0]).toHaveTextContent('1,99 € invece di 2,49 €');

    // a refusal is read out in Italian and changes nothing
    await user.click(
      within(results).getByRole('button', { name: 'Scegli Spaghetti integrali come prodotto scontato' }),
    );
    expect(
      await within(section).findByText(
        /Hai già scelto il prodotto scontato questo mese/,
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();

    const choose = within(results).getByRole('button', {
      name: 'Scegli Spaghetti di grano duro come prodotto scontato',
    });
    // (focus from the keyboard: the button shows its focus ring)
    act(() => choose.focus());
    await user.keyboard('{Enter}');
    expect(
      await within(section).findByText(
        'Fatto: Spaghetti di grano duro ti costa il 20% in meno, lo sconto si vede al checkout.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(within(section).getByTestId('premium-product-current')).toHaveTextContent(
      'Il prodotto scelto: Spaghetti di grano duro',
    );
    expect(within(section).getByText('Puoi cambiarlo una volta al mese: dal 01/12/2026.')).toBeVisible();
    expect(within(section).queryByRole('searchbox')).toBeNull();
    expect(bodiesTo(fetchMock, '/loyalty/premium/product').filter(Boolean)).toEqual([
      { productId: 503 },
      { productId: 501 },
    ]);
  });
});
