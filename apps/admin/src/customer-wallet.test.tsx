// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerWallet } from './customer-wallet';
import { envelope } from './test-envelope';

const notify = vi.fn();
vi.mock('react-admin', () => ({ useNotify: () => notify }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
});

const wallet = (balance: number, movements: unknown[] = []) => ({
  data: {
    userId: 7,
    balance,
    movements,
    page: { selPage: 1, totPages: 1, totItems: movements.length, itemsPerPage: 20 },
  },
});

describe('a customer’s wallet in the back office', () => {
  it('shows the balance; an amount with a comma is credited with its reason; a bad amount is not sent', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return new Response(
          JSON.stringify(
            envelope(
              wallet(5.5, [
                {
                  movementId: 1,
                  amount: 5.5,
                  balance: 5.5,
                  cause: 'goodwill',
                  description: 'Accredito del servizio clienti: Ritardo',
                  orderId: null,
                  date: '2026-11-26T09:00:00Z',
                },
              ]),
              ['Accreditati 5,50 € sul portafoglio del cliente.'],
            ),
          ),
        );
      return new Response(JSON.stringify(envelope(wallet(0))));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<CustomerWallet customerId={7} canCredit />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toContain('0,00'));
    await user.type(screen.getByRole('textbox', { name: /Importo/ }), '5,555');
    await user.click(screen.getByRole('button', { name: 'Accredita' }));
    expect(screen.getByText('Indica un importo in euro, con al massimo due decimali.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /Importo/ }));
    await user.type(screen.getByRole('textbox', { name: /Importo/ }), '5,50');
    await user.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Ritardo');
    await user.click(screen.getByRole('button', { name: 'Accredita' }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toContain('5,50'));
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(post?.[0]).toBe('/ebsn/api/admin/customers/7/wallet-credit');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: 5.5, reason: 'Ritardo' });
    expect(notify).toHaveBeenCalledWith('Accreditati 5,50 € sul portafoglio del cliente.', {
      type: 'success',
    });
    expect(screen.getByRole('table', { name: 'Movimenti del portafoglio' }).textContent).toContain('Ritardo');
  });

  it('a credit for a complaint names its order; an order that is not a number is not sent', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(envelope(wallet(3)))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<CustomerWallet customerId={7} canCredit />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toContain('3,00'));
    await user.type(screen.getByRole('textbox', { name: /Importo/ }), '3');
    await user.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Uova rotte');
    const order = screen.getByRole('textbox', { name: /Ordine del reclamo/ });
    await user.type(order, 'n. 12');
    await user.click(screen.getByRole('button', { name: 'Accredita' }));
    expect(screen.getByText('Indica il numero dell’ordine (solo cifre) o lascialo vuoto.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
    await user.clear(order);
    await user.type(order, '1234');
    await user.click(screen.getByRole('button', { name: 'Accredita' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1));
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      amount: 3,
      reason: 'Uova rotte',
      orderId: 1234,
    });
  });

  it('a supervisor reads the wallet without the credit form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(envelope(wallet(2))))),
    );
    render(<CustomerWallet customerId={7} canCredit={false} />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toContain('2,00'));
    expect(screen.queryByRole('button', { name: 'Accredita' })).toBeNull();
  });
});
