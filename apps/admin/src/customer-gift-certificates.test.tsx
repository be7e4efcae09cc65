// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerGiftCertificates } from './customer-gift-certificates';
import { envelope } from './test-envelope';

const notify = vi.fn();
vi.mock('react-admin', () => ({ useNotify: () => notify }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
});

const granted = {
  userGiftCertificateId: 9,
  giftCertificate: {
    giftCertificateId: 9,
    code: 'BUONO-ABCD2345',
    name: 'Buono di 5,00 €',
    descr: '',
    kind: 'amount',
    value: 5,
    minSpend: 30,
    validTo: '2027-05-30',
  },
  type: 'personal',
  source: 'manual',
  reason: 'Consegna in ritardo',
  conditions: 'Vale una volta, su una spesa di almeno 30,00 €.',
  validFrom: '2027-03-01',
  state: 'available',
  orderId: null,
  usedAt: null,
};
const list = (gifts: unknown[]) => ({ data: { userId: 7, userGiftCertificates: gifts } });

describe('a customer’s gift certificates in the back office', () => {
  it('lists none; a bad value is not sent; a certificate with a minimum spend and a reason is granted', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(
            JSON.stringify(
              envelope(list([granted]), ['Assegnato al cliente un buono di 5,00 € (codice BUONO-ABCD2345).']),
            ),
          )
        : new Response(JSON.stringify(envelope(list([])))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<CustomerGiftCertificates customerId={7} canGrant />);
    expect(await screen.findByText('Nessun buono.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Valore/ }), '5,555');
    await user.click(screen.getByRole('button', { name: 'Assegna un buono' }));
    expect(screen.getByText('Indica un valore in euro, con al massimo due decimali.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /Valore/ }));
    await user.type(screen.getByRole('textbox', { name: /Valore/ }), '5');
    await user.type(screen.getByRole('textbox', { name: /Spesa minima/ }), '30');
    await user.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Consegna in ritardo');
    await user.click(screen.getByRole('button', { name: 'Assegna un buono' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Buoni sconto personali' })).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(post?.[0]).toBe('/ebsn/api/admin/customers/7/gift-certificates');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      amount: 5,
      minSpend: 30,
      reason: 'Consegna in ritardo',
    });
    expect(notify).toHaveBeenCalledWith('Assegnato al cliente un buono di 5,00 € (codice BUONO-ABCD2345).', {
      type: 'success',
    });
    expect(screen.getByRole('table', { name: 'Buoni sconto personali' }).textContent).toContain(
      'BUONO-ABCD2345',
    );
  });

  it('a supervisor reads the certificates without the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(envelope(list([granted]))))),
    );
    render(<CustomerGiftCertificates customerId={7} canGrant={false} />);
    await waitFor(() => expect(screen.getByText('BUONO-ABCD2345')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Assegna un buono' })).toBeNull();
  });
});
