import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { ReceiptList, ReceiptSettings, ReceiptView } from '@spesa/shared/contracts/receipts';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { enterDate } from '../../../test/date-picker';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const summary = {
  receiptId: 41,
  source: 'store' as const,
  documentNumber: '0001-0042',
  issuedAt: '2026-11-20T09:30:00Z',
  storeName: 'Spesa Milano Città Studi',
  total: 10.85,
  itemCount: 2,
  digital: true,
  orderId: null,
};
const list: ReceiptList = {
  receipts: [
    summary,
    { ...summary, receiptId: 40, source: 'online', orderId: 1001, digital: false, total: 8.9 },
  ],
  page: { selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 12 },
};
const detail: ReceiptView = {
  receipt: {
    ...summary,
    tillCode: '3',
    storeVatNumber: '12345678903',
    storeAddress: 'Via Celoria 2 20133 Milano',
    cardNumber: '•••• 1014',
    paymentMethod: 'card',
    lines: [
      { description: 'Pane comune', quantity: 1, unitPrice: 1.85, amount: 1.85, vatRate: 4 },
      { description: 'Detersivo piatti', quantity: 2, unitPrice: 4.5, amount: 9, vatRate: 22 },
    ],
    vat: [
      { rate: 4, taxable: 1.78, tax: 0.07 },
      { rate: 22, taxable: 7.38, tax: 1.62 },
    ],
    vatTotal: 1.69,
    keptUntil: '2027-05-20',
  },
};
/** a refusal that keeps the customer signed in */
const refused = (text: string) => {
  const reply = failure(1, text) as { envelope: Envelope<null> };
  return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
};
const signedIn = () => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
};
const base = {
  '/category': () => ok({ categories: categoryTree }),
  '/cart/view': () => ok(makeCheckoutCart()),
};

/** "Scontrini" (decision 046): the list, a refused period, the detail with its PDF, the digital switch. */
describe('receipts pages', () => {
  it('lists the receipts and shows the server’s Italian refusal of a period', async () => {
    signedIn();
    const fetchMock = mockApi({
      ...base,
      '/receipts/list': (url) =>
        url.searchParams.get('from_date')
          ? refused('La data di inizio non può essere successiva alla data di fine.')
          : ok(list),
    });
    const { user } = renderApp('/profile/receipts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scontrini' }, { timeout: 10_000 }),
    ).toBeVisible();
    const items = within(await screen.findByRole('list', { name: 'I tuoi scontrini' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Spesa Milano Città Studi');
    expect(items[0]).toHaveTextContent('2 articoli · digitale');
    expect(items[0]).toHaveTextContent('10,85 €');
    expect(items[1]).toHaveTextContent('Spesa online, ordine n. 1001');
    await enterDate('Dal', '01/03/2026');
    await enterDate('Al', '01/01/2026');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'La data di inizio non può essere successiva alla data di fine.',
    );
    expect(callsTo(fetchMock, '/receipts/list').at(-1)?.searchParams.get('to_date')).toBe('2026-01-01');
  });

  it('shows one receipt with its VAT and the PDF link', async () => {
    signedIn();
    mockApi({ ...base, '/receipts/view': () => ok(detail) });
    renderApp('/profile/receipts/41');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scontrino' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(await screen.findByTestId('receipt-total')).toHaveTextContent('10,85 €');
    expect(screen.getByText('P. IVA 12345678903')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Articoli dello scontrino' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/Lo conserviamo fino al 20\/05\/2027/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Scarica il PDF' })).toHaveAttribute(
      'href',
      '/ebsn/api/receipts/pdf?receipt_id=41',
    );
  });

  it('asks the digital receipt off and shows when it takes effect', async () => {
    signedIn();
    const inForce: ReceiptSettings = {
      digitalReceipt: true,
      voucherMode: 'paper',
      pending: null,
      cardNumber: '•••• 1014',
    };
    const fetchMock = mockApi({
      ...base,
      '/receipts/settings': (_url, init) =>
        init?.method === 'POST'
          ? ok({
              ...inForce,
              pending: { digitalReceipt: false, voucherMode: 'paper', effectiveAt: '2026-11-26T23:00:00Z' },
            })
          : ok(inForce),
    });
    const { user } = renderApp('/profile/receipts/digital');
    expect(await screen.findByTestId('digital-in-force', {}, { timeout: 10_000 })).toHaveTextContent(
      'Oggi: scontrino digitale attivo',
    );
    await user.click(screen.getByRole('switch', { name: 'Scontrino digitale' }));
    expect(await screen.findByTestId('pending-change')).toHaveTextContent(
      'Modifica richiesta: dal 27/11/2026, 00:00 scontrino digitale non attivo, buoni su carta.',
    );
    expect(bodiesTo(fetchMock, '/receipts/settings').filter(Boolean)).toEqual([{ digitalReceipt: false }]);
  });
});
