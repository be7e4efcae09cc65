import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutCart, OrderPaymentData } from '@spesa/shared/contracts/checkout';
import { GIFT_CODE_INVALID_TEXT, PERSONAL_DATA_MISSING_CODE } from '@spesa/shared/contracts/checkout';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import {
  bodiesTo,
  callsTo,
  failure,
  mockApi,
  okAs,
  SIGNED_IN_USER,
  type ApiHandlers,
  type MockReply,
} from '../../../test/mock-api';
import { categoryTree, makeProduct } from '../../../test/fixtures';
import { makeUserDetail } from '../../../test/account-fixtures';
import { makeCheckoutCart, makeOrder, packagingProducts, paymentTypes } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { goToPaymentPage } from '../utils/go-to-payment-page';
import { checkoutKeys } from '../api/query-keys';
import type { QueryClient } from '@tanstack/react-query';

vi.mock('../utils/go-to-payment-page', () => ({ goToPaymentPage: vi.fn() }));

function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
}

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
/** a refusal that still names the signed-in customer (an anonymous user would sign the test out) */
function refuse<T = never>(text: string, data: T | null = null): MockReply<T> {
  const reply = failure(1, text, 400) as { httpStatus: number; envelope: Envelope<null> };
  return { ...reply, envelope: { ...reply.envelope, user: SIGNED_IN_USER, data } };
}

function mockCheckout(cart: CheckoutCart = makeCheckoutCart(), handlers: ApiHandlers = {}) {
  return mockApi({
    '/category': () => ok({ categories: categoryTree }),
    '/cart/view': () => ok(cart),
    // entering the checkout unlocks the cart (the answer of a cart that was not locked); later reads are GETs
    '/checkout/unlock': () => refuse('Il carrello non è in fase di pagamento.', cart),
    '/checkout/cart': () => ok(cart),
    '/packaging-type/list': () => ok({ products: packagingProducts }),
    '/payment-type/list-auth': () => ok({ auths: [], paymentTypes, defaultPaymentTypeId: 12 }),
    '/checkout/prebilled-amount': (url) =>
      ok(
        url.searchParams.get('payment_type_id') === '12'
          ? { prebilledAmount: 11.85, grossTotal: 11.1, variableWeightTotal: 3, packagingTotal: 0.2 }
          : { prebilledAmount: 11.1, grossTotal: 11.1, variableWeightTotal: 3, packagingTotal: 0.2 },
      ),
    '/user-person-fiscal/list': () => ok({ personFiscals: [] }),
    '/registration/user_detail': () => ok({ user: makeUserDetail() }),
    '/checkout/prepare': () => ok(cart),
    ...handlers,
  });
}

function paid(paymentUrl: string | null): OrderPaymentData {
  return { order: makeOrder(), orderId: 1001, paymentUrl, replayed: false };
}

beforeEach(() => {
  vi.mocked(goToPaymentPage).mockClear();
});

describe('Checkout page', () => {
  it('shows the delivery, the lines, the totals with the pre-authorised amount of the default card payment', async () => {
    signedIn();
    mockCheckout();
    const { user } = renderApp('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cassa' })).toBeInTheDocument();
    const delivery = within(await screen.findByRole('region', { name: 'Consegna' }));
    expect(delivery.getByText(/Via Dante 12/)).toBeInTheDocument();
    expect(delivery.getByText(/10:00–12:00/)).toBeInTheDocument();
    expect(screen.getByText('Mele Golden sfuse')).toBeInTheDocument();
    // the API's default (12, card) is chosen; the disabled deferred type cannot be
    expect(await screen.findByRole('radio', { name: /Carta di credito/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pagamento differito/ })).toBeDisabled();
    const summary = within(screen.getByRole('complementary', { name: 'Riepilogo' }));
    await waitFor(() => expect(summary.getByText('Importo pre-autorizzato')).toBeInTheDocument());
    expect(summary.getByText('11,85 €')).toBeInTheDocument();
    expect(summary.getByText('11,10 €')).toBeInTheDocument();
    // bigger bags: the swap is added to the total and to the hold (0,90 instead of 0,20)
    await screen.findByRole('radio', { name: /Sacchetti biodegradabili/ });
    await user.click(screen.getByRole('radio', { name: /Borse riutilizzabili/ }));
    expect(summary.getByText('11,80 €')).toBeInTheDocument();
    expect(summary.getByText('12,55 €')).toBeInTheDocument();
  });

  it('an unavailable line offers its alternatives; one goes into the cart', async () => {
    signedIn();
    const cart = makeCheckoutCart();
    const gone = { ...cart.cartItems[0]!, available: false };
    const withGone = { ...cart, cartItems: [gone, ...cart.cartItems.slice(1)] };
    const fetchMock = mockCheckout(withGone, {
      '/products/product-alternative-detail': () =>
        ok({
          productId: 501,
          alternativeIds: [601],
          products: [makeProduct({ productId: 601, name: 'Latte parzialmente scremato 1 l' })],
        }),
      '/cart/add': () => ok(withGone),
    });
    const { user } = renderApp('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Vedi le alternative a Latte intero 1 l' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alternative a Latte intero 1 l' });
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Aggiungi al carrello Latte parzialmente scremato 1 l',
      }),
    );
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/cart/add')).toEqual([{ items: [{ productId: 601, quantity: 1 }] }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // an available line has no such button
    expect(screen.queryByRole('button', { name: /Vedi le alternative a Mele/ })).not.toBeInTheDocument();
  });

  it('the alternatives of a line show a loose product’s price per its unit', async () => {
    signedIn();
    const cart = makeCheckoutCart();
    const gone = { ...cart.cartItems[0]!, available: false };
    const withGone = { ...cart, cartItems: [gone, ...cart.cartItems.slice(1)] };
    mockCheckout(withGone, {
      '/products/product-alternative-detail': () =>
        ok({
          productId: 501,
          alternativeIds: [602],
          products: [
            makeProduct({
              productId: 602,
              name: 'Pomodori datterini',
              shortDescr: 'Spesa Selezione',
              description: 'al kg',
              priceDisplay: 2.69,
              priceUnitDisplay: 'kg',
              productInfos: { TIPOLOGIA: 'Sfuso', WEIGHT_SELLING: '500', WEIGHT_UNIT_SELLING: 'GR' },
            }),
          ],
        }),
    });
    const { user } = renderApp('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Vedi le alternative a Latte intero 1 l' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alternative a Latte intero 1 l' });
    expect(await within(dialog).findByText('Spesa Selezione · al kg · 2,69 €/kg')).toBeInTheDocument();
  });

  it('refuses to buy without the rules accepted: the message is tied to the checkbox and nothing is sent', async () => {
    signedIn();
    const fetchMock = mockCheckout();
    const { user } = renderApp('/checkout');
    await screen.findByRole('radio', { name: /Carta di credito/ });
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    const rules = screen.getByRole('checkbox', {
      name: /Ho letto e accetto le condizioni generali di vendita/,
    });
    await waitFor(() => expect(rules).toHaveAttribute('aria-invalid', 'true'));
    expect(rules).toHaveAccessibleDescription(
      "Per confermare l'ordine è necessario accettare le condizioni di vendita.",
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('La form non è stata compilata correttamente');
    expect(callsTo(fetchMock, '/checkout/prepare')).toHaveLength(0);
    expect(callsTo(fetchMock, '/checkout/buy')).toHaveLength(0);
  });

  it('a read of the cart while "Conferma e paga" is under way leaves it prepared: the cart is unlocked only on entering', async () => {
    signedIn();
    const rendered: { queryClient?: QueryClient } = {};
    const fetchMock = mockCheckout(makeCheckoutCart(), {
      // something reads the checkout's cart again while prepare is in flight (a late user detail, a delivery change)
      '/checkout/prepare': () => {
        void rendered.queryClient?.invalidateQueries({ queryKey: checkoutKeys.cart() });
        return ok(makeCheckoutCart());
      },
      '/checkout/buy': () => ok(paid('http://127.0.0.1/ebsn/api/payment/sandbox/pay?session=abc')),
    });
    const view = renderApp('/checkout');
    rendered.queryClient = view.queryClient;
    await screen.findByRole('radio', { name: /Carta di credito/ });
    await view.user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await view.user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    // the entry's read, the one during prepare (and the late user detail's): only the first may unlock
    const reads = () =>
      callsTo(fetchMock, '/checkout/unlock').length + callsTo(fetchMock, '/checkout/cart').length;
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    expect(callsTo(fetchMock, '/checkout/unlock')).toHaveLength(1);
    expect(callsTo(fetchMock, '/checkout/buy')).toHaveLength(1);
  });

  it('card payment: prepares with the choices, buys with type 12 and an idempotency key, then goes to the provider page', async () => {
    signedIn();
    const fetchMock = mockCheckout(makeCheckoutCart(), {
      '/checkout/buy': () => ok(paid('http://127.0.0.1/ebsn/api/payment/sandbox/pay?session=abc')),
    });
    const { user } = renderApp('/checkout');
    await screen.findByRole('radio', { name: /Carta di credito/ });
    await user.type(screen.getByRole('textbox', { name: 'Codice lotteria' }), 'ab12cd34');
    await user.type(screen.getByRole('textbox', { name: /Altra e-mail/ }), 'copia@example.it');
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith(
        'http://127.0.0.1/ebsn/api/payment/sandbox/pay?session=abc',
      ),
    );
    expect(bodiesTo(fetchMock, '/checkout/prepare')).toEqual([
      {
        accept_rules: true,
        packaging_type_id: 1,
        need_invoice: false,
        lottery_code: 'AB12CD34',
        extra_email: 'copia@example.it',
        meal_vouchers: null,
      },
    ]);
    const [buy] = bodiesTo(fetchMock, '/checkout/buy') as {
      payment_type_id: number;
      idempotency_key: string;
    }[];
    expect(buy?.payment_type_id).toBe(12);
    expect(buy?.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('wallet + card: proposes the balance, refuses more, buys with the wallet part and shows what is left', async () => {
    signedIn();
    const fetchMock = mockCheckout(makeCheckoutCart(), {
      '/wallet/view': () =>
        ok({ balance: 5, movements: [], page: { selPage: 1, totPages: 1, totItems: 0, itemsPerPage: 20 } }),
      '/checkout/buy': () => ok(paid('http://127.0.0.1/ebsn/api/payment/sandbox/pay?session=w')),
    });
    const { user } = renderApp('/checkout');
    const wallet = within(await screen.findByRole('region', { name: 'Portafoglio' }));
    await user.click(
      wallet.getByRole('checkbox', { name: /Usa il credito del portafoglio \(disponibile 5,00\s€\)/ }),
    );
    const amount = wallet.getByRole('textbox', { name: 'Importo da usare' });
    expect(amount).toHaveValue('5,00');
    const summary = within(screen.getByRole('complementary', { name: 'Riepilogo' }));
    expect(summary.getByText('Pagato con il portafoglio')).toBeInTheDocument();
    expect(summary.getByText('-5,00 €')).toBeInTheDocument();
    // more than the balance: the field says so, and buying is refused before anything is sent
    await user.clear(amount);
    await user.type(amount, '6');
    expect(wallet.getByText('Puoi usare al massimo 5,00 € del portafoglio.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Indica l'importo del portafoglio in euro");
    expect(callsTo(fetchMock, '/checkout/buy')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '3,5');
    // the rest: the total 11,10 less 3,50; the card holds 11,85 less 3,50
    await waitFor(() => expect(summary.getByText('7,60 €')).toBeInTheDocument());
    expect(summary.getByText('8,35 €')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    const [buy] = bodiesTo(fetchMock, '/checkout/buy') as { payment_data: string }[];
    expect(JSON.parse(buy?.payment_data ?? '{}')).toEqual({
      return_path: '/checkout/completed',
      wallet_amount: 3.5,
    });
  });

  it('meal vouchers + card: declares count, kind and value, shows what they cover, their cost and the hold', async () => {
    signedIn();
    const big = {
      ...makeCheckoutCart({ foodTotal: 120, orderTotal: 125.4, prebilledAmount: 125.4 }),
      totalPrice: 120,
    };
    const fetchMock = mockCheckout(big, {
      '/checkout/prebilled-amount': () =>
        ok({ prebilledAmount: 125.4, grossTotal: 125.4, variableWeightTotal: 0, packagingTotal: 0.2 }),
      '/checkout/buy': () => ok(paid('http://127.0.0.1/ebsn/api/payment/sandbox/pay?session=mv')),
    });
    const { user } = renderApp('/checkout');
    const section = within(await screen.findByRole('region', { name: 'Buoni pasto' }));
    await user.click(section.getByRole('checkbox', { name: /Pago una parte con i buoni pasto/ }));
    const count = section.getByRole('textbox', { name: 'Numero di buoni' });
    await user.type(count, '9');
    expect(section.getByText('Puoi usare al massimo 8 buoni pasto per ordine.')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '8');
    await user.type(section.getByRole('textbox', { name: 'Valore di un buono' }), '8');
    expect(section.getByRole('radio', { name: /Illimitati/ })).toBeChecked();
    expect(section.getByText('64,00 €')).toBeInTheDocument();
    expect(section.getByText('Costo del servizio (4,2%)')).toBeInTheDocument();
    expect(section.getByText('2,69 €')).toBeInTheDocument();
    const summary = within(screen.getByRole('complementary', { name: 'Riepilogo' }));
    expect(summary.getByText('Costo servizio buoni pasto')).toBeInTheDocument();
    expect(summary.getByText('128,09 €')).toBeInTheDocument();
    expect(summary.getByText('-64,00 €')).toBeInTheDocument();
    // the card holds the total less what the vouchers pay
    expect(summary.getAllByText('64,09 €')).toHaveLength(2);
    // multi-use: 4 %
    await user.click(section.getByRole('radio', { name: /Multiuso/ }));
    expect(section.getByText('2,56 €')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    const [prepared] = bodiesTo(fetchMock, '/checkout/prepare') as Record<string, unknown>[];
    expect(prepared?.meal_vouchers).toEqual({ count: 8, kind: 'multi_use', face_value: 8 });
  });

  it('meal vouchers under 100 € of goods: the rule is shown and nothing is sent', async () => {
    signedIn();
    const fetchMock = mockCheckout();
    const { user } = renderApp('/checkout');
    const section = within(await screen.findByRole('region', { name: 'Buoni pasto' }));
    await user.click(section.getByRole('checkbox', { name: /Pago una parte con i buoni pasto/ }));
    await user.type(section.getByRole('textbox', { name: 'Numero di buoni' }), '2');
    await user.type(section.getByRole('textbox', { name: 'Valore di un buono' }), '8');
    const rule = 'I buoni pasto si possono usare solo con una spesa di almeno 100,00 € di prodotti.';
    expect(section.getByText(rule)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(rule);
    expect(callsTo(fetchMock, '/checkout/prepare')).toHaveLength(0);
  });

  it('a modified order starts with the wallet part it held, which counts as available again', async () => {
    signedIn();
    const cart = makeCheckoutCart();
    mockCheckout(
      { ...cart, checkout: { ...cart.checkout, editingOrderId: 1001, walletHeld: 3 } },
      {
        '/wallet/view': () =>
          ok({ balance: 2, movements: [], page: { selPage: 1, totPages: 1, totItems: 0, itemsPerPage: 20 } }),
      },
    );
    renderApp('/checkout');
    const wallet = within(await screen.findByRole('region', { name: 'Portafoglio' }));
    expect(
      await wallet.findByRole('checkbox', { name: /Usa il credito del portafoglio \(disponibile 5,00\s€\)/ }),
    ).toBeChecked();
    expect(wallet.getByRole('textbox', { name: 'Importo da usare' })).toHaveValue('3,00');
  });

  it('pay on delivery goes straight to the completed page without the provider', async () => {
    signedIn();
    mockCheckout(makeCheckoutCart(), {
      '/checkout/buy': () => ok(paid(null)),
      '/order/view': () => ok({ data: makeOrder({ paymentTypeId: 2 }) }),
    });
    const { user, router } = renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /Pagamento alla consegna/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/completed/success'));
    expect(router.state.location.search).toBe('?order_id=1001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grazie, ordine confermato' }),
    ).toBeInTheDocument();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('shows the server refusal (personal data missing) in an alert and stays on the page', async () => {
    signedIn();
    const text = 'Il pagamento richiede tutti i dati personali.';
    mockCheckout(makeCheckoutCart(), {
      '/checkout/prepare': () => refuse(text),
    });
    const { user, router } = renderApp('/checkout');
    await screen.findByRole('radio', { name: /Carta di credito/ });
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('asks for the missing personal data before paying', async () => {
    signedIn();
    const fetchMock = mockCheckout(
      makeCheckoutCart({
        missing: [
          'Per pagare servono tutti i dati personali: completa nome, cognome, codice fiscale e telefono nel tuo profilo.',
          'Per confermare l’ordine devi accettare il regolamento e le condizioni di vendita.',
        ],
        missingCodes: [PERSONAL_DATA_MISSING_CODE, 'msg.checkout.rules'],
      }),
    );
    const { user } = renderApp('/checkout');
    expect(await screen.findByText(/Per pagare servono tutti i dati personali/)).toBeInTheDocument();
    // the rules are the form's business: only the personal data get a section
    expect(screen.queryByText(/devi accettare il regolamento/)).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Mario');
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain(
      'Il pagamento richiede tutti i dati personali: completali prima di confermare.',
    );
    expect(callsTo(fetchMock, '/checkout/prepare')).toHaveLength(0);
  });

  it('opens the personal data form on the code, whatever the words', async () => {
    signedIn();
    mockCheckout(
      makeCheckoutCart({
        missing: ['Completa il profilo.', 'Il regolamento tratta i tuoi dati personali: accettalo.'],
        missingCodes: [PERSONAL_DATA_MISSING_CODE, 'msg.checkout.rules'],
      }),
    );
    renderApp('/checkout');
    expect(await screen.findByText('Completa il profilo.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Mario');
    expect(screen.queryByText(/Il regolamento tratta/)).toBeNull();
  });

  it('gift code: an invalid code gets the spec text on the field; a valid one is applied and can be removed', async () => {
    signedIn();
    const applied = makeCheckoutCart({ giftDiscount: 0.6 });
    applied.orderAdjustmentSummary = {
      totalDiscount: 0.6,
      orderAdjustments: [
        {
          userGiftCertificateId: 1,
          discount: 0.6,
          giftCertificate: {
            giftCertificateId: 1,
            code: 'BENVENUTO10',
            name: 'Benvenuto 10%',
            descr: '',
            kind: 'percent',
            value: 10,
            minSpend: 0,
            validTo: '2027-01-01',
          },
        },
      ],
    };
    let current = makeCheckoutCart();
    const fetchMock = mockCheckout(current, {
      '/checkout/unlock': () => refuse('Il carrello non è in fase di pagamento.', current),
      '/checkout/cart': () => ok(current),
      '/cart-giftcertificate/add_code': (_url, init) => {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== 'BENVENUTO10') return refuse(GIFT_CODE_INVALID_TEXT, current);
        current = applied;
        return ok(current);
      },
      '/cart-giftcertificate/remove_code': () => {
        current = makeCheckoutCart();
        return ok(current);
      },
    });
    const { user } = renderApp('/checkout');
    const field = await screen.findByRole('textbox', { name: 'Codice sconto' });
    await user.type(field, 'sbagliato{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(GIFT_CODE_INVALID_TEXT);

    await user.clear(field);
    await user.type(field, 'benvenuto10');
    await user.click(screen.getByRole('button', { name: 'Applica' }));
    expect(await screen.findByText(/BENVENUTO10 · Benvenuto 10%/)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart-giftcertificate/add_code')).toContainEqual({ code: 'BENVENUTO10' });
    await user.click(screen.getByRole('button', { name: 'Rimuovi il codice BENVENUTO10' }));
    await waitFor(() => expect(screen.queryByText(/BENVENUTO10 · Benvenuto 10%/)).toBeNull());
    expect(bodiesTo(fetchMock, '/cart-giftcertificate/remove_code')).toEqual([{ code: 'BENVENUTO10' }]);
  });

  it('invoice: the saved invoice data is sent, and the lottery code is disabled with it', async () => {
    signedIn();
    const fetchMock = mockCheckout(makeCheckoutCart(), {
      '/user-person-fiscal/list': () =>
        ok({
          personFiscals: [
            {
              personFiscalId: 77,
              personTypeId: 2,
              companyName: 'Rossi Srl',
              fiscalCode: '',
              vatCode: '12345678901',
              pec: '',
              sdiCode: 'ABCDEF1',
              ipaCode: '',
              cig: '',
              determinationNumber: '',
              determinationDate: '',
              contactPerson: '',
              address1: 'Via Roma',
              addressNumber: '1',
              postalCode: '20100',
              city: 'Milano',
              province: 'MI',
            },
          ],
        }),
      '/checkout/buy': () => ok(paid(null)),
      '/order/view': () => ok({ data: makeOrder() }),
    });
    const { user, router } = renderApp('/checkout');
    await screen.findByRole('radio', { name: /Carta di credito/ });
    await user.click(screen.getByRole('checkbox', { name: 'Voglio la fattura' }));
    expect(await screen.findByRole('radio', { name: /Rossi Srl · P.IVA 12345678901/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Codice lotteria' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Ho letto e accetto/ }));
    await user.click(screen.getByRole('button', { name: 'Conferma e paga' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/completed/success'));
    expect(bodiesTo(fetchMock, '/checkout/prepare')[0]).toMatchObject({
      need_invoice: true,
      person_fiscal_id: 77,
      lottery_code: '',
    });
  });
});
