// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminGiftCardOrderDetail } from '@spesa/shared/contracts/gift-card-orders';
import type * as ReactAdmin from 'react-admin';
import { GiftCardOrderMoves } from './gift-card-orders';
import { envelope } from './test-envelope';

const notify = vi.fn();
const refresh = vi.fn();
let role = 'customer_service';
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof ReactAdmin>()),
  useNotify: () => notify,
  useRefresh: () => refresh,
  usePermissions: () => ({ permissions: role }),
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
  refresh.mockClear();
  role = 'customer_service';
});

const order = (over: Partial<AdminGiftCardOrderDetail> = {}): AdminGiftCardOrderDetail => ({
  id: 12,
  requestNumber: 'GC-2026-000012',
  state: 'received',
  late: false,
  companyName: 'Officine Lariane S.r.l.',
  vatNumber: '00743110157',
  contactName: 'Giulia Bianchi',
  email: 'hr@lariane.example.it',
  phone: '031 123456',
  city: 'Como',
  province: 'CO',
  cards: 6,
  goodsTotal: 1500,
  discount: 45,
  invoiceTotal: 1455,
  receivedAt: '2026-11-23T09:00:00.000Z',
  deliveryInfoBy: '2026-11-25T09:00:00.000Z',
  expectedDeliveryDate: '2026-12-02',
  fiscalCode: '',
  sdiCode: 'M5UXCR1',
  pec: '',
  address1: 'Via Borgo Vico',
  addressNumber: '12',
  postalCode: '22100',
  notes: '',
  lines: [{ value: 250, quantity: 6, total: 1500 }],
  staffNote: null,
  confirmedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  nextStates: ['confirmed', 'cancelled'],
  ...over,
});

describe('a gift-card request’s moves in the back office', () => {
  it('offers the next states only, and confirms with the delivery information written', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json(
        envelope({ data: order({ state: 'confirmed', nextStates: ['delivered', 'cancelled'] }) }, [
          'Richiesta GC-2026-000012: confermata (info consegna inviate).',
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<GiftCardOrderMoves order={order()} />);
    expect(screen.queryByRole('button', { name: 'Segna come consegnata' })).toBeNull();
    await user.type(screen.getByLabelText('Nota per la richiesta'), 'Consegna il 2 dicembre alla reception.');
    await user.click(screen.getByRole('button', { name: 'Conferma e invia le informazioni sulla consegna' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Richiesta GC-2026-000012: confermata (info consegna inviate).', {
        type: 'success',
      }),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ebsn/api/admin/gift-card-orders/12/state');
    expect(JSON.parse(String(init.body))).toEqual({
      state: 'confirmed',
      note: 'Consegna il 2 dicembre alla reception.',
    });
    expect(refresh).toHaveBeenCalled();
  });

  it('shows no moves to a supervisor, nor on a delivered request', () => {
    role = 'supervisor';
    render(<GiftCardOrderMoves order={order()} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    role = 'customer_service';
    render(<GiftCardOrderMoves order={order({ state: 'delivered', nextStates: [] })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
