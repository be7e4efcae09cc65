import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cart, CartItem } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import {
  bodiesTo,
  callsTo,
  mockApi,
  ok as anonymous,
  okAs,
  SIGNED_IN_USER,
  type ApiHandlers,
  type MockReply,
} from '../../../test/mock-api';
import { categoryTree, makeProduct } from '../../../test/fixtures';
import { cartAt, storeComo } from '../../../test/delivery-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { resetDeliveryDialogs } from '../../../lib/delivery-dialog-store';
import { resetCartUi } from '../hooks/cart-ui-store';
import { cancelPendingAdd } from '../hooks/pending-add';
import { closeLoginDialog } from '../../../lib/login-dialog-store';

// Web component tests of the cart: the real routes and providers, fetch mocked with the contracts'
// types. The server decides: every change answers the whole cart, which replaces the cached one.

const piece = makeProduct({ productId: 11, name: 'Yogurt bianco', slug: 'yogurt-bianco', priceDisplay: 0.8 });
const pack6 = makeProduct({
  productId: 12,
  name: 'Acqua frizzante',
  slug: 'acqua-frizzante',
  available: 100,
  productInfos: { TIPOLOGIA: 'Confezione', QTY_MULT: '6', QTY_LOCKED: 'true', MULTI_PACK: '6', MAXACQ: '12' },
});
const loose = makeProduct({
  productId: 13,
  name: 'Mele Pink Lady',
  slug: 'mele-pink-lady',
  productInfos: {
    TIPOLOGIA: 'Sfuso',
    WEIGHT_SELLING: '500',
    STEP_SELLING: '100',
    WEIGHT_UNIT_SELLING: 'GR',
    WEIGHT_UNIT_BASE: 'KG',
  },
});
const salame = makeProduct({
  productId: 14,
  name: 'Salamella mantovana',
  slug: 'salamella',
  selectOptions: [
    {
      name: 'Taglio',
      parameterName: 'TAGLIO',
      options: [
        { key: 'sottile', value: 'Affettato sottile' },
        { key: 'intero', value: 'Trancio intero' },
      ],
    },
  ],
});

const promoted = makeProduct({
  productId: 15,
  name: 'Parmigiano Reggiano',
  slug: 'parmigiano',
  warehousePromo: {
    warehousePromoId: 77,
    warehousePromoTypeId: 1,
    promoType: 'SCONTO',
    discount: 1,
    discountPerc: 20,
    validityDate: '2025-01-01',
    expireDate: '2030-01-01',
    selectable: true,
    view: {
      cssClass: 'promo',
      header: 'Offerta',
      body: '-20% con la carta',
      footer: '',
      bubble: '-20%',
      permanent: false,
      selectablePromoText: 'Sconto 20% con la carta fedeltà',
    },
  },
});
const boxed = makeProduct({
  productId: 16,
  name: 'Passata di pomodoro',
  slug: 'passata',
  available: 100,
  logisticPackagingItems: 12,
  productInfos: { TIPOLOGIA: 'Pezzo', ENABLE_ACQ_BOX: 'true' },
});

const slot = {
  date: '2030-01-02',
  timeslotId: 5,
  autoAssigned: false,
  beginTime: '10:00',
  endTime: '11:00',
  deliveryDayPeriodId: 1,
};

function line(product: Product, quantity: number, over: Partial<CartItem> = {}): CartItem {
  const total = Math.round(quantity * product.priceDisplay * 100) / 100;
  return {
    itemId: product.productId * 10,
    product,
    quantity,
    weight: null,
    cartItemInsertionTypeId: 1,
    cartItemInfo: { accept_alternatives: 'true' },
    params: {},
    unitPrice: product.priceDisplay,
    unitPriceStandard: product.price,
    grossTotal: total,
    grossTotalStandard: total,
    discount: 0,
    warehousePromo: null,
    available: true,
    isPackage: false,
    sectorId: 1,
    ...over,
  };
}

function cartWith(items: CartItem[]): Cart {
  const total = items.reduce((s, i) => s + i.grossTotal, 0);
  return {
    ...cartAt(storeComo, slot),
    cartItems: items,
    sectors: items.length ? [{ sectorId: 1, name: 'Latticini', cartItems: items }] : [],
    totalItems: items.length,
    deliveryFee: 3.9,
    totalPrice: total,
    totalPriceStandard: total,
    totalDiscount: 0,
    grossTotal: total + 3.9,
  };
}

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
/** An answer with the server's messages (infos of a success, or refusals with the cart). */
function answer(cart: Cart, messages: Partial<Envelope<Cart>['response']> = {}): MockReply<Cart> {
  const reply = ok(cart) as { envelope: Envelope<Cart> };
  return { envelope: { ...reply.envelope, response: { ...reply.envelope.response, ...messages } } };
}
const bodyOf = (init?: RequestInit) =>
  JSON.parse(String(init?.body)) as { items: Array<Record<string, unknown>> };

function setup(product: Product, start: Cart, handlers: ApiHandlers = {}) {
  let cart = start;
  const fetchMock = mockApi({
    '/category': () => ok({ categories: categoryTree }),
    '/products': () => ok(product),
    '/cart/view': () => ok(cart),
    ...handlers,
  });
  return {
    fetchMock,
    setCart: (next: Cart) => {
      cart = next;
    },
  };
}

async function openProduct(slug: string, signedIn = true) {
  const view = renderApp(`/product/${slug}`);
  const control = await screen.findByTestId('quantity-control');
  // the header's cart button (and with it the cart host) is loaded
  if (signedIn) await screen.findByTestId('header-cart');
  return { ...view, control: within(control) };
}

beforeEach(() => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
  resetDeliveryDialogs();
  resetCartUi();
  cancelPendingAdd();
  closeLoginDialog();
});

describe('quantity control (immediate mode)', () => {
  it('adds a piece, steps it up, announces the quantity, and shows the header count', async () => {
    const { fetchMock } = setup(piece, cartWith([]), {
      '/cart/add': (_u, init) => {
        const item = bodyOf(init).items[0]!;
        return answer(cartWith([line(piece, Number(item.quantity))]));
      },
      '/cart/update': (_u, init) => {
        const item = bodyOf(init).items[0]!;
        return answer(cartWith([line(piece, Number(item.quantity))]), {
          infos: [{ info: 'Quantità aggiornata.' }],
          infosMessage: ['Quantità aggiornata.'],
        });
      },
    });
    const { user, control } = await openProduct('yogurt-bianco');
    await user.click(control.getByRole('button', { name: 'Aggiungi Yogurt bianco al carrello' }));

    // the client's success text only because the answer carried no message (spec section 8)
    expect(await screen.findByText('Aggiunto al carrello: 1 pz di Yogurt bianco')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/add')[0]).toEqual({
      items: [{ productId: 11, quantity: 1, infos: { accept_alternatives: 'true' } }],
    });
    expect(callsTo(fetchMock, '/cart/add')[0]!.searchParams.get('show_sectors')).toBe('true');
    const value = await control.findByRole('button', { name: /Quantità di Yogurt bianco: 1 pz/ });
    expect(value).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('header-cart')).toHaveAccessibleName('Carrello: 1 prodotto, 0,80 €'),
    );

    await user.click(control.getByRole('button', { name: 'Aumenta la quantità di Yogurt bianco' }));
    expect(
      await control.findByRole('button', { name: /Quantità di Yogurt bianco: 2 pz/ }),
    ).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/update')[0]).toEqual({ items: [{ itemId: 110, quantity: 2 }] });
    // the server's message instead of the client's text; the change is announced
    expect(await screen.findByText('Quantità aggiornata.')).toBeInTheDocument();
    expect(screen.getByText('Yogurt bianco: 2 pz nel carrello')).toBeInTheDocument();
  });

  it('going down to 0 asks confirmation: cancel keeps the line, confirm removes it', async () => {
    const { fetchMock } = setup(piece, cartWith([line(piece, 1)]), {
      '/cart/update': () =>
        answer(cartWith([]), { infos: [{ info: 'Prodotto rimosso dal carrello.' }], infosMessage: [] }),
    });
    const { user, control } = await openProduct('yogurt-bianco');
    const remove = await control.findByRole('button', { name: 'Rimuovi Yogurt bianco dal carrello' });
    await user.click(remove);
    const confirm = await screen.findByRole('alertdialog', { name: 'Rimuovere il prodotto?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/cart/update')).toHaveLength(0);

    await user.click(control.getByRole('button', { name: 'Rimuovi Yogurt bianco dal carrello' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rimuovi' }));
    expect(
      await control.findByRole('button', { name: 'Aggiungi Yogurt bianco al carrello' }),
    ).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/update')[0]).toEqual({ items: [{ itemId: 110, quantity: 0 }] });
    expect(await screen.findByText('Prodotto rimosso dal carrello.')).toBeInTheDocument();
  });

  it('a pack of 6 steps by 6; over MAXACQ the refusal is explained without calling the server', async () => {
    const { fetchMock } = setup(pack6, cartWith([line(pack6, 12)]));
    const { user, control } = await openProduct('acqua-frizzante');
    await control.findByRole('button', { name: /Quantità di Acqua frizzante: 12 pz/ });
    await user.click(control.getByRole('button', { name: 'Aumenta la quantità di Acqua frizzante' }));
    expect(await control.findByText('La quantità massima acquistabile è 12 pz')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/cart/update')).toHaveLength(0);
  });

  it('a typed quantity is rounded to the multiple (QTY_LOCKED) before it is sent', async () => {
    const { fetchMock } = setup(pack6, cartWith([line(pack6, 6)]), {
      '/cart/update': (_u, init) => answer(cartWith([line(pack6, Number(bodyOf(init).items[0]!.quantity))])),
    });
    const { user, control } = await openProduct('acqua-frizzante');
    await user.click(await control.findByRole('button', { name: /Quantità di Acqua frizzante: 6 pz/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Quantità di Acqua frizzante' });
    const input = within(dialog).getByRole('textbox', { name: 'Quantità (pezzi)' });
    await user.clear(input);
    await user.type(input, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await control.findByRole('button', { name: /Quantità di Acqua frizzante: 12 pz/ }),
    ).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/update')[0]).toEqual({ items: [{ itemId: 120, quantity: 12 }] });
  });

  it('Sfuso starts at WEIGHT_SELLING and moves by STEP_SELLING, sent as weight in kg', async () => {
    const { fetchMock } = setup(loose, cartWith([line(loose, 0.5)]), {
      '/cart/update': (_u, init) => answer(cartWith([line(loose, Number(bodyOf(init).items[0]!.quantity))])),
    });
    const { user, control } = await openProduct('mele-pink-lady');
    expect(await control.findByLabelText('Quantità di Mele Pink Lady: 500 g')).toBeInTheDocument();
    await user.click(control.getByRole('button', { name: 'Aumenta la quantità di Mele Pink Lady' }));
    expect(await control.findByLabelText('Quantità di Mele Pink Lady: 600 g')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/update')[0]).toEqual({
      items: [{ itemId: 130, quantity: 0.6, weight: 0.6 }],
    });
  });

  it('options: confirm only when every option is chosen; the choice goes with the add', async () => {
    const { fetchMock } = setup(salame, cartWith([]), {
      '/cart/add': () => answer(cartWith([line(salame, 1, { params: { TAGLIO: 'sottile' } })])),
    });
    const { user, control } = await openProduct('salamella');
    await user.click(control.getByRole('button', { name: 'Aggiungi Salamella mantovana al carrello' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scegli le opzioni di Salamella mantovana' });
    expect(within(dialog).getByText('È necessario selezionare tutte le opzioni.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Aggiungi al carrello' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Affettato sottile' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(bodiesTo(fetchMock, '/cart/add')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/cart/add')[0]).toMatchObject({
      items: [{ productId: 14, params: { TAGLIO: 'sottile' } }],
    });
  });

  it('a selectable promotion is offered before the add; the chosen one goes with it (promo default: no substitutes)', async () => {
    const { fetchMock } = setup(promoted, cartWith([]), {
      '/cart/add': () => answer(cartWith([line(promoted, 1)])),
    });
    const { user, control } = await openProduct('parmigiano');
    await user.click(control.getByRole('button', { name: 'Aggiungi Parmigiano Reggiano al carrello' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promozione disponibile' });
    expect(within(dialog).getByText('Sconto 20% con la carta fedeltà')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Applica la promozione' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/cart/add')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/cart/add')[0]).toEqual({
      items: [{ productId: 15, quantity: 1, warehousePromoId: 77, infos: { accept_alternatives: 'false' } }],
    });
  });

  it('the box button adds a full box (logisticPackagingItems) when the product is not in the cart', async () => {
    const { fetchMock } = setup(boxed, cartWith([]), {
      '/cart/add': () => answer(cartWith([line(boxed, 12)])),
    });
    const { user, control } = await openProduct('passata');
    await user.click(
      control.getByRole('button', { name: 'Aggiungi un cartone da 12 pezzi di Passata di pomodoro' }),
    );
    await waitFor(() => expect(bodiesTo(fetchMock, '/cart/add')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/cart/add')[0]).toMatchObject({ items: [{ productId: 16, quantity: 12 }] });
    // a whole box: the collo count shows, the box button goes
    expect(await control.findByText('1 collo')).toBeInTheDocument();
    expect(control.queryByRole('button', { name: /cartone/ })).not.toBeInTheDocument();
  });

  it('an availability refusal (msg.cart.availability.errors) is a popup; the cart is the server’s', async () => {
    setup(piece, cartWith([]), {
      '/cart/add': () => ({
        envelope: {
          ...(answer(cartWith([])) as { envelope: Envelope<Cart> }).envelope,
          response: {
            status: 1,
            errors: [
              {
                error: 'Yogurt bianco: La quantità richiesta non è disponibile:\\nal massimo 0 pz',
                code: 'msg.cart.availability.errors',
              },
            ],
            infos: [],
            warnings: [],
            errorsMessage: ['Yogurt bianco: La quantità richiesta non è disponibile:\\nal massimo 0 pz'],
            infosMessage: [],
            warningsMessage: [],
          },
        },
      }),
    });
    const { user, control } = await openProduct('yogurt-bianco');
    await user.click(control.getByRole('button', { name: 'Aggiungi Yogurt bianco al carrello' }));
    const popup = await screen.findByRole('alertdialog', { name: 'Attenzione' });
    // the escaped newline is a line break, and the text is not also a toast
    const alert = within(popup).getByRole('alert');
    expect(alert.textContent).toContain('disponibile:\nal massimo 0 pz');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Ho capito' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('a signed-in customer without a chosen slot is sent through the delivery chain before the add', async () => {
    const { fetchMock } = setup(piece, { ...cartAt(storeComo), cartItems: [], totalItems: 0 });
    const { user, control } = await openProduct('yogurt-bianco');
    await user.click(control.getByRole('button', { name: 'Aggiungi Yogurt bianco al carrello' }));
    // the address is chosen: the slot picker comes next (spec section 4)
    expect(await screen.findByRole('dialog', { name: 'Scegli la fascia oraria' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/cart/add')).toHaveLength(0);
  });

  it('an anonymous add asks for the login first and keeps the product for afterwards', async () => {
    sessionStorage.clear();
    resetAuthState();
    const fetchMock = mockApi({
      '/category': () => anonymous({ categories: categoryTree }),
      '/products': () => anonymous(piece),
    });
    const { user, control } = await openProduct('yogurt-bianco', false);
    await user.click(control.getByRole('button', { name: 'Aggiungi Yogurt bianco al carrello' }));
    expect(await screen.findByRole('dialog', { name: 'Accedi' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/cart/add')).toHaveLength(0);
  });
});

describe('cart page and drawer', () => {
  it('shows sectors, line totals, totals with the fee, "Vai alla cassa"; substitutes per line; empties', async () => {
    const items = [
      line(piece, 2),
      line(loose, 1, { itemId: 131, cartItemInfo: { accept_alternatives: 'false' } }),
    ];
    const { fetchMock } = setup(piece, cartWith(items), {
      '/cart/update-infos': (_u, init) => {
        const { itemId, infos } = bodyOf(init).items[0]! as {
          itemId: number;
          infos: { accept_alternatives: string };
        };
        return answer(
          cartWith(items.map((i) => (i.itemId === itemId ? { ...i, cartItemInfo: { ...infos } } : i))),
        );
      },
      '/cart/delete': () => answer(cartWith([]), { infos: [{ info: 'Prodotti rimossi dal carrello.' }] }),
    });
    const { user } = renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Il tuo carrello' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Latticini' })).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    const summary = screen.getByTestId('cart-summary');
    expect(summary).toHaveTextContent('Spese di consegna3,90 €');
    expect(summary).toHaveTextContent(`Totale${(1.6 + 1.99 + 3.9).toFixed(2).replace('.', ',')} €`);
    expect(screen.getByRole('link', { name: 'Vai alla cassa' })).toHaveAttribute('href', '/checkout');

    const second = within(screen.getAllByTestId('cart-line')[1]!);
    const substitutes = second.getByRole('checkbox', { name: 'Accetta sostituti' });
    expect(substitutes).not.toBeChecked();
    await user.click(substitutes);
    await waitFor(() => expect(substitutes).toBeChecked());
    expect(bodiesTo(fetchMock, '/cart/update-infos')[0]).toEqual({
      items: [{ itemId: 131, infos: { accept_alternatives: 'true' } }],
    });

    await user.click(screen.getByRole('button', { name: 'Svuota il carrello' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Svuotare il carrello?' })).getByRole('button', {
        name: 'Svuota',
      }),
    );
    expect(await screen.findByText('Il carrello è vuoto.')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/cart/delete')[0]).toEqual({ items: [{ itemId: 110 }, { itemId: 131 }] });
  });

  it('the header button opens the drawer (a dialog); Esc closes it and the focus goes back', async () => {
    setup(piece, cartWith([line(piece, 2)]));
    const { user } = renderApp('/cart');
    const button = await screen.findByTestId('header-cart');
    await waitFor(() => expect(button).toHaveAccessibleName('Carrello: 1 prodotto, 1,60 €'));
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: /Il tuo carrello/ });
    expect(within(drawer).getByRole('link', { name: 'Yogurt bianco' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });
});
