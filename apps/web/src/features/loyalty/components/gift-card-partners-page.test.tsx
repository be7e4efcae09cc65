import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GiftCardReceipt } from '@spesa/shared/contracts/gift-card-orders';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, failure, mockApi, ok } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';

const base = {
  '/category': () => ok({ categories: categoryTree }),
  '/cart/view': () => ok(makeCheckoutCart()),
};
const receipt: GiftCardReceipt = {
  requestNumber: 'GC-2026-000042',
  state: 'received',
  companyName: 'Officine Lariane S.r.l.',
  email: 'hr@lariane.example.it',
  lines: [{ value: 250, quantity: 6, total: 1500 }],
  cards: 6,
  goodsTotal: 1500,
  discount: 45,
  invoiceTotal: 1455,
  discountPercent: 3,
  receivedAt: '2026-11-23T09:00:00.000Z',
  deliveryInfoBy: '2026-11-25T09:00:00.000Z',
  expectedDeliveryDate: '2026-12-02',
};

/** "Gift card per le aziende" (decision 044): the form, its live total with the 3 % discount, the answer. */
describe('gift card partners page', () => {
  it('shows the discount from 1.500 €, sends the request once and confirms it with the dates', async () => {
    const fetchMock = mockApi({ ...base, '/loyalty/gift-card-orders': () => ok(receipt) });
    const { user } = renderApp('/gift-card-aziende');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift card per le aziende' })).toBeVisible();
    expect(screen.getByText('Per ordini da 1500,00 € in su: sconto del 3% in fattura.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: /Ragione sociale/ }), 'Officine Lariane S.r.l.');
    await user.type(screen.getByRole('textbox', { name: /Partita IVA/ }), '00743110157');
    await user.type(screen.getByRole('textbox', { name: /Codice destinatario/ }), 'm5uxcr1');
    await user.type(screen.getByRole('textbox', { name: /Nome e cognome/ }), 'Giulia Bianchi');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'hr@lariane.example.it');
    await user.type(screen.getByRole('textbox', { name: /Telefono/ }), '031 123456');
    await user.type(screen.getByRole('textbox', { name: /Via o piazza/ }), 'Via Borgo Vico');
    await user.type(screen.getByRole('textbox', { name: /Numero civico/ }), '12');
    await user.type(screen.getByRole('textbox', { name: /CAP/ }), '22100');
    await user.type(screen.getByRole('textbox', { name: /Comune/ }), 'Como');
    await user.selectOptions(screen.getByRole('combobox', { name: /Provincia/ }), 'CO');

    const summary = screen.getByTestId('gift-card-summary');
    const quantity250 = screen.getByRole('spinbutton', { name: 'Gift card da 250 €' });
    await user.type(quantity250, '5');
    expect(within(summary).getByTestId('gift-card-invoice')).toHaveTextContent('1250,00 €');
    expect(summary).toHaveTextContent('Aggiungi gift card per altri 250,00 €');
    expect(within(summary).queryByTestId('gift-card-discount')).toBeNull();
    await user.clear(quantity250);
    await user.type(quantity250, '6');
    expect(within(summary).getByTestId('gift-card-discount')).toHaveTextContent('-45,00 €');
    expect(within(summary).getByTestId('gift-card-invoice')).toHaveTextContent('1455,00 €');

    await user.click(screen.getByRole('checkbox', { name: /Ho letto l'informativa/ }));
    const submit = screen.getByRole('button', { name: 'Invia la richiesta' });
    await user.dblClick(submit);

    expect(await screen.findByRole('heading', { name: 'Richiesta inviata' })).toHaveFocus();
    expect(screen.getByTestId('gift-card-number')).toHaveTextContent('GC-2026-000042');
    expect(screen.getByText(/prevista per mercoledì 2 dicembre 2026/)).toBeVisible();
    const bodies = bodiesTo(fetchMock, '/loyalty/gift-card-orders') as Array<Record<string, unknown>>;
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      companyName: 'Officine Lariane S.r.l.',
      vatNumber: '00743110157',
      sdiCode: 'M5UXCR1',
      province: 'CO',
      privacyAccepted: true,
    });
    expect(bodies[0]?.lines).toContainEqual({ value: 250, quantity: 6 });
    expect(String(bodies[0]?.requestKey)).toMatch(/^[A-Za-z0-9-]{16,64}$/);
  });

  it('refuses an empty form in Italian on each field, focused, without calling the API', async () => {
    const fetchMock = mockApi({
      ...base,
      '/loyalty/gift-card-orders': () =>
        failure(2, 'Partita IVA non valida: controlla le 11 cifre.', 400, { field: 'vatNumber' }),
    });
    const { user } = renderApp('/gift-card-aziende');
    await user.click(await screen.findByRole('button', { name: 'Invia la richiesta' }));
    const company = screen.getByRole('textbox', { name: /Ragione sociale/ });
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveFocus();
    expect(screen.getByText('Partita IVA non valida: controlla le 11 cifre.')).toBeVisible();
    expect(
      screen.getByText('Per inviare la richiesta devi aver letto l’informativa sulla privacy.'),
    ).toBeVisible();
    expect(callsTo(fetchMock, '/loyalty/gift-card-orders')).toHaveLength(0);
  });
});
