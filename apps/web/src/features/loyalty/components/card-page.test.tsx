import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
/** a refusal naming the signed-in customer (an anonymous user would sign them out) */
const refusal = (text: string) => {
  const reply = failure(1, text) as { envelope: Envelope<null> };
  return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
};
const noPremium: CardView['premium'] = { active: false, excluded: false, canRequest: false, request: null };
const fidelity: CardView = {
  card: {
    cardNumber: '2600000000017',
    cardType: 'fidelity',
    validTo: null,
    valid: true,
    issuedAt: '2026-01-10T09:00:00Z',
  },
  premium: { ...noPremium, canRequest: true },
};
const signedIn = () => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
};
const base = {
  '/category': () => ok({ categories: categoryTree }),
  '/cart/view': () => ok(makeCheckoutCart()),
};

/** "La mia carta" (decision 038): the card with barcode, number and validity; linking a card. */
describe('card page', () => {
  it('links a card: checks the number here, shows the server’s refusal, then the card with its barcode', async () => {
    signedIn();
    let linked = false;
    let attempts = 0;
    const fetchMock = mockApi({
      ...base,
      '/loyalty/card': () => ok(linked ? fidelity : { card: null, premium: noPremium }),
      '/loyalty/card/link': () => {
        attempts++;
        if (attempts === 1)
          return refusal(
            'Non troviamo una carta con questo numero intestata a questo cognome: controlla i dati o contatta il servizio clienti.',
          );
        linked = true;
        return ok(fidelity);
      },
    });
    const { user } = renderApp('/profile/card');
    expect(await screen.findByRole('heading', { level: 1, name: 'La mia carta' })).toBeVisible();
    const number = await screen.findByRole('textbox', { name: /Numero della carta/ });
    const surname = screen.getByRole('textbox', { name: /Cognome dell'intestatario/ });
    const submit = screen.getByRole('button', { name: 'Collega la carta' });

    // a wrong check digit and a number of another chain are refused here, without a call
    await user.type(number, '2600000000018');
    await user.type(surname, 'Rossi');
    await user.click(submit);
    expect(
      screen.getByText('Scrivi le 13 cifre del numero stampato sotto il codice a barre della carta.'),
    ).toBeVisible();
    await user.clear(number);
    await user.type(number, '8001234567880');
    await user.click(submit);
    expect(screen.getByText(/non è di una carta fedeltà Spesa/)).toBeVisible();
    expect(callsTo(fetchMock, '/loyalty/card/link')).toHaveLength(0);

    // a valid number tells its type as it is typed (the prefix)
    await user.clear(number);
    await user.type(number, '2600 0000 0001 7');
    expect(screen.getByText('Numero di una Carta fedeltà.')).toBeVisible();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Non troviamo una carta con questo numero');
    await user.click(submit);

    const card = await screen.findByRole('region', { name: 'Carta fedeltà' });
    expect(within(card).getByTestId('card-number')).toHaveTextContent('2600 0000 0001 7');
    expect(within(card).getByText('Valida, senza scadenza')).toBeVisible();
    const barcode = within(card).getByRole('img', {
      name: 'Codice a barre della carta numero 2600 0000 0001 7',
    });
    // JsBarcode drew the bars (lazy-loaded)
    await waitFor(() => expect(barcode.querySelectorAll('rect').length).toBeGreaterThan(10));
    expect(screen.getByRole('link', { name: 'Scopri la Carta Premium' })).toHaveAttribute(
      'href',
      '/profile/premium',
    );
    expect(bodiesTo(fetchMock, '/loyalty/card/link')).toEqual([
      { cardNumber: '2600000000017', lastName: 'Rossi' },
      { cardNumber: '2600000000017', lastName: 'Rossi' },
    ]);
  });

  it('a premium number shows the premium card and its perks; an expired card says so', async () => {
    signedIn();
    mockApi({
      ...base,
      '/loyalty/card': () =>
        ok({
          card: {
            ...fidelity.card!,
            cardNumber: '2700000000021',
            cardType: 'premium',
            validTo: '2024-03-31',
            valid: false,
          },
          premium: noPremium,
        }),
    });
    renderApp('/profile/card');
    const card = await screen.findByRole('region', { name: 'Carta Premium' });
    expect(within(card).getByTestId('card-validity')).toHaveTextContent(
      'Scaduta il 31/03/2024: chiedi una nuova carta in un punto vendita.',
    );
    expect(screen.getByTestId('premium-perks')).toHaveTextContent('Un regalo nelle festività.');
    expect(screen.queryByRole('link', { name: 'Scopri la Carta Premium' })).toBeNull();
  });

  it('the profile menu leads to the card and the premium card', async () => {
    signedIn();
    mockApi({ ...base, '/loyalty/card': () => ok(fidelity) });
    renderApp('/profile/card');
    const nav = await screen.findByRole('navigation', { name: 'Area clienti' });
    expect(within(nav).getByRole('link', { name: 'La mia carta' })).toHaveAttribute('href', '/profile/card');
    expect(within(nav).getByRole('link', { name: 'Carta Premium' })).toHaveAttribute(
      'href',
      '/profile/premium',
    );
    expect(within(nav).queryByText(/Carta Premium \(in arrivo\)/)).toBeNull();
  });
});
