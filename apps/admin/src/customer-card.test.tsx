// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import { CustomerCard } from './customer-card';
import { envelope } from './test-envelope';

const notify = vi.fn();
vi.mock('react-admin', () => ({ useNotify: () => notify }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
});

const cardData = (over: Partial<AdminCardData['data']> = {}): AdminCardData => ({
  data: {
    userId: 7,
    card: {
      cardNumber: '2790000000070',
      cardType: 'premium',
      validTo: null,
      valid: true,
      issuedAt: '2026-11-01T09:00:00Z',
    },
    premium: {
      active: true,
      excluded: false,
      canRequest: false,
      request: {
        channel: 'physical',
        state: 'requested',
        requestedAt: '2026-11-20T09:00:00Z',
        shippedAt: null,
        deliveredAt: null,
        dueBy: '2026-12-20',
      },
    },
    exclusion: null,
    premiumProduct: { productId: 42, name: 'Parmigiano Reggiano 24 mesi', chosenOn: '2026-11-03' },
    ...over,
  },
});

describe('a customer’s loyalty card in the back office', () => {
  it('shows the card and the physical card’s state; ships it, then excludes the customer with a reason', async () => {
    let current = cardData();
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/premium-card-state')) {
        current = cardData({
          premium: {
            ...current.data.premium,
            request: { ...current.data.premium.request!, state: 'shipped' },
          },
        });
        return new Response(JSON.stringify(envelope(current, ['Carta Premium segnata come spedita.'])));
      }
      if (url.endsWith('/premium-exclusion')) {
        const body = JSON.parse(String(init?.body)) as { excluded: boolean; reason: string };
        current = cardData({
          premium: { ...current.data.premium, active: false, excluded: true },
          exclusion: { reason: body.reason, since: '2026-11-26T09:00:00Z', staffName: 'Carla Servizi' },
        });
        return new Response(JSON.stringify(envelope(current, ['Cliente escluso dalla Carta Premium.'])));
      }
      return new Response(JSON.stringify(envelope(current)));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<CustomerCard customerId={7} canWrite />);
    await waitFor(() => expect(screen.getByTestId('admin-card-number').textContent).toBe('2790 0000 0007 0'));
    expect(screen.getByText('Carta Premium')).toBeTruthy();
    expect(screen.getByTestId('admin-premium-product').textContent).toBe(
      'Parmigiano Reggiano 24 mesi, scelto il 03/11/2026',
    );
    expect(screen.getByTestId('admin-premium-request').textContent).toBe(
      'carta fisica per posta, del 20/11/2026, richiesta, da spedire entro il 20/12/2026',
    );
    await user.click(screen.getByRole('button', { name: 'Segna come spedita' }));
    await waitFor(() => expect(screen.getByTestId('admin-premium-request').textContent).toContain('spedita'));
    expect(screen.getByRole('button', { name: 'Segna come consegnata' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('Carta Premium segnata come spedita.', { type: 'success' });

    await user.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Uso improprio');
    await user.click(screen.getByRole('button', { name: 'Escludi dalla Premium' }));
    await waitFor(() =>
      expect(screen.getByTestId('admin-exclusion').textContent).toBe(
        'Uso improprio (Carla Servizi, 26/11/2026)',
      ),
    );
    expect(screen.getByRole('button', { name: "Togli l'esclusione" })).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST');
    expect(posts.map(([u, i]) => [u, JSON.parse(String(i?.body)) as unknown])).toEqual([
      ['/ebsn/api/admin/customers/7/premium-card-state', { state: 'shipped' }],
      ['/ebsn/api/admin/customers/7/premium-exclusion', { excluded: true, reason: 'Uso improprio' }],
    ]);
  });

  it('a reader sees the card without the forms', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(envelope(cardData())))),
    );
    render(<CustomerCard customerId={7} canWrite={false} />);
    await waitFor(() => expect(screen.getByTestId('admin-premium').textContent).toBe('attivo'));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
