import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cart, CartItem, CartStoreChange } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, mockApi, okAs, SIGNED_IN_USER, type MockReply } from '../../../test/mock-api';
import { categoryTree, makeProduct } from '../../../test/fixtures';
import { cartAt, deliveryServices, storeCantu, storeComo } from '../../../test/delivery-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { resetDeliveryDialogs } from '../../../lib/delivery-dialog-store';
import { resetCartUi } from '../hooks/cart-ui-store';

// The report of a change of store (decision 095): the customer picks another Drive store in the address
// selector; the cart answered carries `storeChange`, and the shop says what it did to the lines, once.

vi.mock('../../delivery/components/store-map', () => ({ StoreMap: () => <div data-testid="store-map" /> }));

const missing = makeProduct({ productId: 21, name: 'Mele Granny Smith', slug: 'granny', priceDisplay: 2.5 });
const dearer = makeProduct({
  productId: 22,
  name: 'Mele biologiche',
  slug: 'bio',
  price: 3.31,
  priceDisplay: 3.31,
});
const short = makeProduct({ productId: 23, name: 'Latte intero', slug: 'latte', priceDisplay: 1.2 });
const golden = makeProduct({ productId: 31, name: 'Mele golden', slug: 'golden', priceDisplay: 2.49 });
const pears = makeProduct({ productId: 32, name: 'Pere a quarti', slug: 'pere', priceDisplay: 4.19 });
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
    cartItemInfo: {},
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

const at = (store: typeof storeComo, items: CartItem[], warehouseName: string): Cart => ({
  ...cartAt(store, slot),
  warehouse: { warehouseId: store.warehouseId ?? 0, name: warehouseName },
  cartItems: items,
  totalItems: items.length,
  totalPrice: items.filter((i) => i.available).reduce((s, i) => s + i.grossTotal, 0),
});

const change: CartStoreChange = {
  fromWarehouseId: 4,
  toWarehouseId: 5,
  unavailable: [{ itemId: 210, productId: 21, name: 'Mele Granny Smith', alternativeIds: [22, 32, 31] }],
  reduced: [{ itemId: 230, productId: 23, name: 'Latte intero', available: 2 }],
  repriced: [{ itemId: 220, productId: 22, name: 'Mele biologiche', unitPriceBefore: 3.09, unitPrice: 3.31 }],
};
const WARNINGS = [
  '1 prodotto non è disponibile nel negozio scelto: ti proponiamo delle alternative.',
  '1 prodotto ha una disponibilità minore della quantità nel carrello nel negozio scelto.',
  'Il prezzo di 1 prodotto è diverso nel negozio scelto.',
];

function mockStores() {
  const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
  const atCantu = [line(missing, 2, { available: false }), line(dearer, 3), line(short, 4)];
  let cart = at(storeComo, [line(missing, 2), line(dearer, 3), line(short, 4)], 'Spesa Como Camerlata');
  return mockApi({
    '/category': () => ok({ categories: categoryTree }),
    '/cart/view': () => ok(cart),
    '/user-address/delivery-service-list': () => ok({ deliveryServices, addresses: [storeComo, storeCantu] }),
    '/user-address/select': () => {
      cart = { ...at(storeCantu, atCantu, 'Spesa Cantù'), storeChange: change };
      const reply = ok(cart) as { envelope: Envelope<Cart> };
      const response = {
        ...reply.envelope.response,
        warnings: WARNINGS.map((warning) => ({ warning })),
        warningsMessage: WARNINGS,
      };
      return { envelope: { ...reply.envelope, response } } as MockReply<Cart>;
    },
    // the alternatives at the cart's store, best first: the repriced apples are already in the cart
    '/products/product-alternative-detail': () =>
      ok({ productId: 21, alternativeIds: [22, 32, 31], products: [dearer, pears, golden] }),
    '/cart/add': () => {
      cart = at(storeCantu, [...atCantu, line(pears, 1)], 'Spesa Cantù');
      return ok(cart);
    },
  });
}

beforeEach(() => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
  resetDeliveryDialogs();
  resetCartUi();
});

describe('the report of a change of store', () => {
  it('lists the lines the new store lacks (with alternatives to add), holds less of, and prices differently', async () => {
    const fetchMock = mockStores();
    const { user } = renderApp('/cart');
    // the header's lazy chunks first (a loaded machine takes seconds to import them)
    const group = await screen.findByRole('group', { name: 'Come ricevi la spesa' }, { timeout: 30_000 });
    const opener = await within(group).findByRole('button', { name: /Spesa Como Camerlata/ });
    await user.click(opener);
    const selector = await screen.findByRole('dialog', { name: 'Scegli come ricevere la spesa' });
    await user.click(await within(selector).findByRole('radio', { name: /^Spesa Cantù/ }));

    const report = await screen.findByRole('dialog', { name: 'Il carrello nel negozio scelto' });
    const r = within(report);
    expect(report).toHaveAccessibleDescription(/Ora la spesa è preparata da Spesa Cantù/);
    const unavailable = r.getByRole('region', { name: '1 prodotto non è disponibile nel negozio scelto' });
    expect(unavailable).toHaveTextContent('Mele Granny Smith');
    const reduced = r.getByRole('region', {
      name: '1 prodotto ha una disponibilità minore della quantità nel carrello',
    });
    expect(reduced).toHaveTextContent('Latte intero');
    expect(reduced).toHaveTextContent('Disponibili: 2 pz · nel carrello: 4 pz');
    const repriced = r.getByRole('region', { name: 'Il prezzo di 1 prodotto è diverso nel negozio scelto' });
    expect(repriced).toHaveTextContent(/Prima 3,09\s€, ora 3,31\s€/);
    // told once: the answer's warnings are not toasted beside the report
    expect(screen.queryByText(/ti proponiamo delle alternative/)).toBeNull();

    // the alternatives named by the change, but for the apples already in the cart, in the change's order
    const list = await within(unavailable).findByRole('list', { name: 'Alternative a Mele Granny Smith' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(names).toEqual(['Pere a quarti', 'Mele golden']);
    await user.click(within(list).getByRole('button', { name: 'Aggiungi al carrello Pere a quarti' }));
    expect(await r.findByRole('status')).toHaveTextContent('Aggiunto al carrello: Pere a quarti');
    expect(bodiesTo(fetchMock, '/cart/add')).toEqual([{ items: [{ productId: 32, quantity: 1 }] }]);
    const added = within(list).getByRole('button', { name: 'Pere a quarti aggiunto al carrello' });
    expect(added).toHaveAttribute('aria-disabled', 'true');
    await user.click(added);
    expect(bodiesTo(fetchMock, '/cart/add')).toHaveLength(1);

    // closed, the focus goes back to what opened the change
    await user.click(r.getByRole('button', { name: 'Ho capito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(group).getByRole('button', { name: /Spesa Cantù/ })).toHaveFocus());
  });
});
