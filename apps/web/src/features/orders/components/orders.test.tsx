import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { Order } from '@spesa/shared/contracts/orders';
import { renderApp } from '../../../test/render-app';
import {
  bodiesTo,
  callsTo,
  failure,
  mockApi,
  ok as okAnonymous,
  okAs,
  SIGNED_IN_USER,
  type ApiHandlers,
} from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart, makeOrder, makeOrderItem } from '../../../test/orders-fixtures';
import { getToasts } from '../../../lib/toast-store';
import { resetAuthState } from '../../../lib/auth-state';
import { enterDate } from '../../../test/date-picker';

function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
}
const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
function refuse(text: string, httpStatus = 400) {
  const reply = failure(httpStatus === 404 ? 404 : 1, text, httpStatus) as {
    httpStatus: number;
    envelope: Envelope<null>;
  };
  return { ...reply, envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
}

function mockOrders(handlers: ApiHandlers) {
  return mockApi({
    '/category': () => ok({ categories: categoryTree }),
    '/cart/view': () => ok(makeCheckoutCart()),
    ...handlers,
  });
}

describe('Orders list', () => {
  it('lists 12 a page, sends the filters and turns the page', async () => {
    signedIn();
    const orders = Array.from({ length: 12 }, (_, i) => makeOrder({ orderId: 2000 + i }));
    const fetchMock = mockOrders({
      '/order/list': (url) =>
        ok({
          orders: url.searchParams.get('page') === '2' ? [makeOrder({ orderId: 1 })] : orders,
          page: {
            selPage: Number(url.searchParams.get('page')),
            totPages: 2,
            totItems: 13,
            itemsPerPage: 12,
          },
        }),
    });
    const { user, router } = renderApp('/profile/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'I miei ordini' })).toBeInTheDocument();
    expect(await screen.findByText('13 ordini')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Dettagli dell'ordine/ })).toHaveLength(12);
    expect(callsTo(fetchMock, '/order/list')[0]?.searchParams.get('page_size')).toBe('12');

    await user.click(screen.getByRole('button', { name: 'Vai alla pagina 2' }));
    expect(await screen.findByRole('link', { name: "Dettagli dell'ordine 1" })).toHaveAttribute(
      'href',
      '/profile/orders/1',
    );
    expect(router.state.location.search).toBe('?page=2');

    await enterDate('Dal', '01/11/2026');
    await user.type(screen.getByRole('textbox', { name: 'Totale da (€)' }), '10,5');
    await user.click(screen.getByRole('checkbox', { name: /in attesa di pagamento/ }));
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, '/order/list').at(-1)!;
      expect(last.searchParams.get('from_date')).toBe('2026-11-01');
      expect(last.searchParams.get('from_gross_total')).toBe('10.5');
      expect(last.searchParams.get('show_pending')).toBe('true');
      expect(last.searchParams.get('page')).toBe('1');
    });
  });

  it('refuses a minimum total above the maximum without asking the server', async () => {
    signedIn();
    const fetchMock = mockOrders({
      '/order/list': () =>
        ok({ orders: [], page: { selPage: 1, totPages: 0, totItems: 0, itemsPerPage: 12 } }),
    });
    const { user } = renderApp('/profile/orders');
    expect(await screen.findByText('Non ci sono ordini da mostrare.')).toBeInTheDocument();
    const before = callsTo(fetchMock, '/order/list').length;
    await user.type(screen.getByRole('textbox', { name: 'Totale da (€)' }), '50');
    await user.type(screen.getByRole('textbox', { name: 'Totale fino a (€)' }), '20');
    await user.click(screen.getByRole('button', { name: 'Filtra' }));
    const max = screen.getByRole('textbox', { name: 'Totale fino a (€)' });
    await waitFor(() => expect(max).toHaveAttribute('aria-invalid', 'true'));
    expect(max).toHaveAccessibleDescription('Il totale minimo non può superare il massimo.');
    expect(callsTo(fetchMock, '/order/list')).toHaveLength(before);
  });
});

describe('Order detail', () => {
  it('a cancelled online order says nothing is charged, in the list and in the detail', async () => {
    signedIn();
    const cancelled: Order = makeOrder({
      orderStatusId: 10,
      orderStatusDescr: 'Annullato',
      isEditable: false,
      isCancellable: false,
      capturedAmount: null,
    });
    const charged: Order = makeOrder({ orderId: 1002, capturedAmount: 33.95, orderStatusId: 8 });
    mockOrders({
      '/order/list': () =>
        ok({
          orders: [cancelled, charged],
          page: { selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 12 },
        }),
      '/order/view': () => ok({ data: cancelled }),
    });
    const { user } = renderApp('/profile/orders');
    expect(await screen.findByText('Annullato, nessun addebito')).toBeInTheDocument();
    expect(screen.getByText('Addebitati 33,95 €')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: "Dettagli dell'ordine 1001" }));
    expect(
      await screen.findByText(
        'Ordine annullato: la pre-autorizzazione è stata annullata e non ti addebiteremo nulla.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Addebiteremo solo quanto preparato/)).toBeNull();
  });

  it('shows ordered vs delivered, the captured amount and the status history', async () => {
    signedIn();
    const prepared: Order = makeOrder({
      orderStatusId: 6,
      orderStatusDescr: 'Preparato',
      isEditable: false,
      isCancellable: false,
      capturedAmount: 11.6,
      deliveredTotal: 6.5,
      orderItems: [
        makeOrderItem({
          delivered: { quantity: 2, weight: null, unitPrice: 1.5, grossTotal: 3, substitute: null },
        }),
        makeOrderItem({
          orderItemId: 2,
          name: 'Mele Golden sfuse',
          unitBase: 'kg',
          quantity: 1.2,
          variableWeight: true,
          grossTotal: 3,
          delivered: { quantity: 1.4, weight: 1.4, unitPrice: 2.5, grossTotal: 3.5, substitute: null },
        }),
      ],
    });
    mockOrders({ '/order/view': () => ok({ data: prepared }) });
    renderApp('/profile/orders/1001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine 1001' })).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'Prodotti' }));
    const apples = lines.getByRole('row', { name: /Mele Golden sfuse/ });
    expect(within(apples).getByText('1,2 kg')).toBeInTheDocument();
    expect(within(apples).getByText('1,4 kg')).toBeInTheDocument();
    expect(within(apples).getByText('3,50 €')).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Totali' }));
    expect(totals.getByText('Totale ordinato')).toBeInTheDocument();
    expect(totals.getByText('Importo addebitato')).toBeInTheDocument();
    expect(totals.getByText('11,60 €')).toBeInTheDocument();
    // 11,85 € were pre-authorised, 11,60 € charged: the rest is released, and said so
    expect(
      within(screen.getByRole('region', { name: 'Pagamento' })).getByText(
        'Il resto della pre-autorizzazione (0,25 €) è stato liberato.',
      ),
    ).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Storico dello stato' }));
    expect(history.getAllByRole('listitem')).toHaveLength(2);
    // prepared: no edit nor cancel any more; reorder stays
    expect(screen.queryByRole('button', { name: "Modifica l'ordine" })).toBeNull();
    expect(screen.queryByRole('button', { name: "Annulla l'ordine" })).toBeNull();
    expect(screen.getByRole('button', { name: 'Riordina tutto' })).toBeInTheDocument();
  });

  it('an order paid in part with meal vouchers says how many to hand over and their service cost', async () => {
    signedIn();
    const order: Order = makeOrder({
      mealVouchers: {
        count: 8,
        kind: 'unlimited',
        faceValue: 8,
        amount: 64,
        serviceCost: 2.69,
        serviceCostPercent: 4.2,
      },
    });
    mockOrders({ '/order/view': () => ok({ data: order }) });
    renderApp('/profile/orders/1001');
    const payment = within(await screen.findByRole('region', { name: 'Pagamento' }));
    expect(payment.getByText('Buoni pasto da consegnare')).toBeInTheDocument();
    expect(payment.getByText('8 da 8,00 € (64,00 €)')).toBeInTheDocument();
    expect(payment.getByText('2,69 €')).toBeInTheDocument();
  });

  it('cancels after the confirmation dialog and says "Ordine 1001 annullato"', async () => {
    signedIn();
    let order = makeOrder();
    const fetchMock = mockOrders({
      '/order/view': () => ok({ data: order }),
      '/order/delete': () => {
        order = makeOrder({
          orderStatusId: 10,
          orderStatusDescr: 'Annullato',
          isEditable: false,
          isCancellable: false,
        });
        return ok({ order });
      },
    });
    const { user } = renderApp('/profile/orders/1001');
    const cancel = await screen.findByRole('button', { name: "Annulla l'ordine" });
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: "Annullare l'ordine 1001?" });
    // the safe choice has the focus; Escape keeps the order
    expect(within(dialog).getByRole('button', { name: 'No, tienilo' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, '/order/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: "Annulla l'ordine" }));
    await user.click(await screen.findByRole('button', { name: "Sì, annulla l'ordine" }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Ordine 1001 annullato'));
    expect(bodiesTo(fetchMock, '/order/delete')).toEqual([{ order_id: 1001 }]);
    expect(await screen.findByText('Annullato')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Annulla l'ordine" })).toBeNull();
  });

  it('edit reopens the order as the cart and goes to the cart page; reorder adds everything', async () => {
    signedIn();
    const fetchMock = mockOrders({
      '/order/view': () => ok({ data: makeOrder() }),
      '/order/modify': () => ok({ cart: makeCheckoutCart({ editingOrderId: 1001 }) }),
      '/cart/add-all-from-order': () => ok(makeCheckoutCart()),
    });
    const { user, router } = renderApp('/profile/orders/1001');
    await user.click(await screen.findByRole('button', { name: 'Riordina tutto' }));
    // not delivered yet: nothing to rate
    expect(screen.queryByRole('button', { name: "Valuta l'ordine" })).toBeNull();
    expect(
      await screen.findByText("Abbiamo aggiunto al carrello i prodotti dell'ordine."),
    ).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/add-all-from-order')).toEqual([{ order_id: 1001 }]);
    await user.click(screen.getByRole('button', { name: "Modifica l'ordine" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(bodiesTo(fetchMock, '/order/modify')).toEqual([{ order_id: 1001 }]);
  });

  it("another customer's order (or a bad id) shows 'Ordine non trovato.' and nothing of it", async () => {
    signedIn();
    const fetchMock = mockOrders({ '/order/view': () => refuse('Ordine non trovato.', 404) });
    renderApp('/profile/orders/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine non trovato.' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/order/view')[0]?.searchParams.get('order_id')).toBe('999');
  });

  it('a non-numeric id is not sent to the server', async () => {
    signedIn();
    const fetchMock = mockOrders({ '/order/view': () => ok({ data: makeOrder() }) });
    renderApp('/profile/orders/1%20OR%201');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine non trovato.' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/order/view')).toHaveLength(0);
  });

  it('rates a delivered order (rating, title, comment) with note/order/add', async () => {
    signedIn();
    const delivered = makeOrder({
      orderStatusId: 8,
      orderStatusDescr: 'Consegnato',
      isEditable: false,
      isCancellable: false,
    });
    const fetchMock = mockOrders({
      '/order/view': () => ok({ data: delivered }),
      '/note/order/add': () =>
        ok({ note: { noteId: 5, orderId: 1001, noteTypeId: 1, rating: 4, title: 'Bene', comment: '' } }),
    });
    const { user } = renderApp('/profile/orders/1001');
    await user.click(await screen.findByRole('button', { name: "Valuta l'ordine" }));
    const dialog = within(await screen.findByRole('dialog', { name: "Valuta l'ordine 1001" }));
    // a click without pointer moves (the test DOM has no layout for the hover position)
    expect(dialog.getByRole('radio', { name: 'Nessun voto' })).toBeInTheDocument();
    expect(dialog.queryByRole('radio', { name: /empty/i })).toBeNull();
    fireEvent.click(dialog.getByRole('radio', { name: '4 su 5' }));
    await user.type(dialog.getByRole('textbox', { name: 'Titolo' }), 'Bene');
    await user.click(dialog.getByRole('button', { name: 'Invia la valutazione' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesTo(fetchMock, '/note/order/add')).toEqual([
      { orderId: 1001, rating: 4, title: 'Bene', comment: '' },
    ]);
  });
});

describe('Order from the confirmation e-mail (/order/:id?access_token=...)', () => {
  const token = 'A'.repeat(43);

  it('shows the order read-only without signing in: no actions, the token sent as is', async () => {
    const fetchMock = mockApi({
      '/category': () => okAnonymous({ categories: categoryTree }),
      '/token-order/view': () => okAnonymous({ data: makeOrder() }),
    });
    renderApp(`/order/1001?access_token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine 1001' })).toBeInTheDocument();
    expect(screen.getByText(/Riepilogo dal link della conferma d'ordine/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Prodotti' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Annulla l'ordine" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Riordina tutto' })).toBeNull();
    const [call] = callsTo(fetchMock, '/token-order/view');
    expect(call?.searchParams.get('order_id')).toBe('1001');
    expect(call?.searchParams.get('access_token')).toBe(token);
    expect(callsTo(fetchMock, '/order/view')).toHaveLength(0);
  });

  it("a wrong or expired token shows the server's text and nothing of the order", async () => {
    mockApi({
      '/category': () => okAnonymous({ categories: categoryTree }),
      '/token-order/view': () =>
        failure(
          404,
          'Il link per vedere l’ordine non è valido o è scaduto. Accedi al tuo account per vedere i tuoi ordini.',
          404,
        ),
    });
    renderApp(`/order/1001?access_token=${token}`);
    expect(
      await screen.findByText(
        'Il link per vedere l’ordine non è valido o è scaduto. Accedi al tuo account per vedere i tuoi ordini.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prodotti' })).toBeNull();
  });

  it('without a token it is the signed-in customer’s own order page', async () => {
    signedIn();
    const fetchMock = mockOrders({ '/order/view': () => ok({ data: makeOrder() }) });
    const { router } = renderApp('/order/1001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/orders/1001'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordine 1001' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/order/view')).toHaveLength(1);
  });
  it('a delivered order that asked for an invoice offers its invoice and credit note, PDF and XML', async () => {
    signedIn();
    const invoice = {
      personTypeId: 2,
      companyName: 'Trattoria Da Gino S.r.l.',
      fiscalCode: '',
      vatCode: '00743110157',
      pec: '',
      sdiCode: 'ABC1234',
      ipaCode: '',
      cig: '',
      determinationNumber: '',
      determinationDate: '',
      contactPerson: '',
      address1: 'Corso Italia',
      addressNumber: '10',
      postalCode: '20122',
      city: 'Milano',
      province: 'MI',
    };
    const doc = (documentId: number, kind: 'TD01' | 'TD04', number: string, total: number) => ({
      documentId,
      kind,
      kindLabel: kind === 'TD01' ? 'Fattura' : 'Nota di credito',
      number,
      issuedOn: '2026-11-28',
      orderId: 1001,
      relatedNumber: kind === 'TD04' ? '2026/000007' : null,
      customerName: 'Trattoria Da Gino S.r.l.',
      total,
      vat: 1,
      sdiState: 'delivered' as const,
      sdiStateLabel: 'Consegnato',
    });
    const fetchMock = mockOrders({
      '/order/view': () => ok({ data: makeOrder({ orderStatusId: 8, invoice }) }),
      '/invoices/order': () =>
        ok({ documents: [doc(7, 'TD01', '2026/000007', 12.29), doc(9, 'TD04', '2026/000009', 4.5)] }),
    });
    renderApp('/profile/orders/1001');
    const block = await screen.findByRole('region', { name: 'Fattura e note di credito' });
    expect(await within(block).findByText(/Fattura n\. 2026\/000007 del 28\/11\/2026/)).toBeInTheDocument();
    expect(within(block).getByText('riferita alla fattura n. 2026/000007')).toBeInTheDocument();
    expect(
      within(block).getByRole('link', {
        name: 'Scarica la copia di cortesia in PDF di Fattura n. 2026/000007',
      }),
    ).toHaveAttribute('href', '/ebsn/api/invoices/pdf?document_id=7');
    expect(
      within(block).getByRole('link', { name: 'Scarica il file XML di Nota di credito n. 2026/000009' }),
    ).toHaveAttribute('href', '/ebsn/api/invoices/xml?document_id=9');
    expect(callsTo(fetchMock, '/invoices/order')[0]?.searchParams.get('order_id')).toBe('1001');
  });
});
