import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart, makeOrder } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { goToPaymentPage } from '../../checkout/utils/go-to-payment-page';

vi.mock('../../checkout/utils/go-to-payment-page', () => ({ goToPaymentPage: vi.fn() }));

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
}

describe('Payment completed pages', () => {
  it('failed: says so, retries the payment through the provider page, links to the order', async () => {
    signedIn();
    const failed = makeOrder({
      orderStatusId: 11,
      orderStatusDescr: 'Pagamento non riuscito',
      canRetryPayment: true,
    });
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/view': () => ok({ data: failed }),
      '/order/payment': () =>
        ok({ order: failed, orderId: 1001, paymentUrl: 'http://127.0.0.1/pay/xyz', replayed: false }),
    });
    const { user } = renderApp('/checkout/completed/failed?order_id=1001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento non riuscito' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Il pagamento dell'ordine 1001 non è andato a buon fine/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Cambia tipo di pagamento' })[0]).toHaveAttribute(
      'href',
      '/profile/orders/1001',
    );
    await user.click(await screen.findByRole('button', { name: 'Riprova il pagamento' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://127.0.0.1/pay/xyz'));
    expect(bodiesTo(fetchMock, '/order/payment')).toEqual([{ order_id: 1001 }]);
  });

  it('a bad order_id is not sent: the page points to the orders list', async () => {
    signedIn();
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
    });
    renderApp('/checkout/completed/pending?order_id=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento in attesa di conferma' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Non troviamo il numero dell'ordine: lo trovi tra i tuoi ordini."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I miei ordini' })).toHaveAttribute('href', '/profile/orders');
    expect(callsTo(fetchMock, '/order/view')).toHaveLength(0);
  });

  it('an unknown status reads as pending, and a refused order view still shows the page', async () => {
    signedIn();
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/view': () => {
        const r = failure(404, 'Ordine non trovato.', 404) as {
          httpStatus: number;
          envelope: Envelope<null>;
        };
        return { ...r, envelope: { ...r.envelope, user: SIGNED_IN_USER } };
      },
    });
    renderApp('/checkout/completed/boh?order_id=5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento in attesa di conferma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Vedi l'ordine" })).toHaveAttribute('href', '/profile/orders/5');
  });
});
