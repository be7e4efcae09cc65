import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WalletView } from '@spesa/shared/contracts/loyalty';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const page = (n: number, tot: number) => ({
  selPage: n,
  totPages: tot,
  totItems: tot * 20,
  itemsPerPage: 20,
});
const wallet = (p: number): WalletView => ({
  balance: 2.5,
  movements: [
    {
      movementId: p * 10 + 2,
      amount: -3,
      balance: 2.5,
      cause: 'order_payment',
      description: "Pagamento dell'ordine",
      orderId: 1001,
      date: '2026-11-20T09:00:00Z',
    },
    {
      movementId: p * 10 + 1,
      amount: 5.5,
      balance: 5.5,
      cause: 'goodwill',
      description: 'Accredito del servizio clienti: <b>ritardo</b>',
      orderId: null,
      date: '2026-11-18T09:00:00Z',
    },
  ],
  page: page(p, 2),
});

/** "Il mio portafoglio" (decision 037): balance, movements with sign and order, pages. */
describe('wallet page', () => {
  it('shows the balance and the movements, the staff reason as text; pages through the history', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/wallet/view': (url) => ok(wallet(Number(url.searchParams.get('page') ?? 1))),
    });
    const { user } = renderApp('/profile/wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Il mio portafoglio' })).toBeVisible();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('2,50 €');
    const list = screen.getByRole('list', { name: 'Movimenti' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent("Pagamento dell'ordine");
    expect(rows[0]).toHaveTextContent('ordine 1001');
    expect(rows[0]).toHaveTextContent('Addebito: − 3,00 €');
    expect(rows[1]).toHaveTextContent('Accredito: + 5,50 €');
    // the reason is text, never markup
    expect(within(rows[1]!).getByText('Accredito del servizio clienti: <b>ritardo</b>')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    expect(await screen.findByText('2 / 2')).toBeVisible();
    expect(callsTo(fetchMock, '/wallet/view').map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
