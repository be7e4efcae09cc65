import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CardView, PremiumArea } from '@spesa/shared/contracts/loyalty';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
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
    });
    const { user } = renderApp('/profile/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carta Premium' })).toBeVisible();
    const perks = await screen.findByTestId('premium-perks');
    expect(perks).toHaveTextContent('una torta in regalo da 5,90 € a 8,50 €');
    expect(perks).toHaveTextContent('3 prodotti omaggio.');
    expect(perks).toHaveTextContent('Bollini sconto extra del 40%.');
    expect(perks).toHaveTextContent('2 consegne a domicilio gratuite.');
    expect(perks).toHaveTextContent('sempre scontato del 20% fino al 31/12/2025');
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
