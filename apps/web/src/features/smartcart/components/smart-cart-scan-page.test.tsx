import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { SmartCart } from '@spesa/shared/contracts/smartcart';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { clearScanQueue, resetScanQueueMemory } from '../utils/scan-queue';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const cartItem = makeCheckoutCart().cartItems[0]!;
const empty: SmartCart = {
  cartId: 7,
  user: { userId: SIGNED_IN_USER.userId },
  status: 'open',
  store: { storeId: 13, name: 'Spesa Milano Città Studi' },
  cartInfos: {},
  cartItems: [],
  reminders: [],
  totalItems: 0,
  totalPrice: 0,
  totalPriceStandard: 0,
  totalDiscount: 0,
  tillCode: null,
  appliedScanIds: [],
  startedAt: '2026-11-27T09:00:00.000Z',
  endedAt: null,
};
const withLine: SmartCart = {
  ...empty,
  cartItems: [
    {
      ...cartItem,
      quantity: 1,
      weight: null,
      scannedCode: '8005350305999',
      labelPrice: null,
      grossTotal: 2.49,
    },
  ],
  totalItems: 1,
  totalPrice: 2.49,
};

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => {
  // the page is still mounted here: its queue and connection state change inside act
  act(() => {
    setOnline(true);
    clearScanQueue();
  });
  resetScanQueueMemory();
});

/** Self-scanning's scan screen (decision 057): the typed code, the queue while offline, sent when back. */
describe('self-scanning scan page', () => {
  it('refuses a malformed code on the phone, queues scans offline and sends them once back online', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    // the server's smart cart: the line once the scan arrived
    let current = empty;
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/smart-cart/view': () => ok(current),
      '/smart-cart/add_prod': () => {
        current = withLine;
        return ok(withLine);
      },
    });
    const { user } = renderApp('/self-scanning/13');
    const code = await screen.findByRole('textbox', { name: 'Codice articolo' });
    expect(screen.getByText('Negozio: Spesa Milano Città Studi')).toBeInTheDocument();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(screen.getByText('Formato codice non corretto')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/smart-cart/add_prod')).toHaveLength(0);

    act(() => setOnline(false));
    await user.clear(code);
    await user.type(code, '8005350305999');
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText(/Sei offline: 1 scansione in attesa/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Scansioni in attesa di invio' })).toHaveTextContent(
      '8005350305999',
    );
    expect(bodiesTo(fetchMock, '/smart-cart/add_prod')).toHaveLength(0);

    act(() => setOnline(true));
    await waitFor(() => expect(bodiesTo(fetchMock, '/smart-cart/add_prod')).toHaveLength(1));
    const [body] = bodiesTo(fetchMock, '/smart-cart/add_prod') as Array<{
      items: Array<{ code: string; scanId: string }>;
    }>;
    expect(body?.items[0]?.code).toBe('8005350305999');
    expect(body?.items[0]?.scanId).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await screen.findByText(cartItem.product.name)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('smartcart-queue')).toBeNull());
  });
});
