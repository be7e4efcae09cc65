import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bodiesTo, callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { makeProduct } from '../../../test/fixtures';
import { cartAt, storeComo } from '../../../test/delivery-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { cartKeys } from '../api/get-cart';
import { resetCartUi } from '../hooks/cart-ui-store';
import { QuantityControl } from './quantity-control';

const product = makeProduct({ productId: 21, name: 'Biscotti', available: 50 });
const cart = cartAt(storeComo, {
  date: '2030-01-02',
  timeslotId: 5,
  autoAssigned: false,
  beginTime: '10:00',
  endTime: '11:00',
  deliveryDayPeriodId: 1,
});

beforeEach(() => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
  resetCartUi();
});

describe('quantity control outside immediate mode (local mode)', () => {
  it('minus and plus change only the local quantity; "Aggiungi" sends it', async () => {
    const fetchMock = mockApi({
      '/cart/view': () => okAs(SIGNED_IN_USER, cart),
      '/cart/add': () => okAs(SIGNED_IN_USER, cart),
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(cartKeys.cart(), cart);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <QuantityControl product={product} immediate={false} />
      </QueryClientProvider>,
    );
    const value = () => screen.getByRole('button', { name: /^Quantità di Biscotti:/ });
    expect(value()).toHaveTextContent('1 pz');
    await user.click(screen.getByRole('button', { name: 'Aumenta la quantità di Biscotti' }));
    await user.click(screen.getByRole('button', { name: 'Aumenta la quantità di Biscotti' }));
    expect(value()).toHaveTextContent('3 pz');
    await user.click(screen.getByRole('button', { name: 'Diminuisci la quantità di Biscotti' }));
    expect(value()).toHaveTextContent('2 pz');
    expect(callsTo(fetchMock, '/cart/update')).toHaveLength(0);
    expect(callsTo(fetchMock, '/cart/add')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Aggiungi 2 pz di Biscotti al carrello' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/cart/add')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/cart/add')[0]).toMatchObject({ items: [{ productId: 21, quantity: 2 }] });
  });
});
