import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Wishlist, WishlistItem, WishlistView } from '@spesa/shared/contracts/lists';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, callsTo, mockApi, okAs, SIGNED_IN_USER, type ApiHandlers } from '../../../test/mock-api';
import { categoryTree, makeProduct } from '../../../test/fixtures';
import { makeCheckoutCart, makeCartItem } from '../../../test/orders-fixtures';
import { getToasts } from '../../../lib/toast-store';
import { resetAuthState } from '../../../lib/auth-state';
import { cartKeys } from '../../cart/api/get-cart';

function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
}
const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);

function makeList(overrides: Partial<Wishlist> = {}): Wishlist {
  const id = overrides.listId ?? 1;
  return {
    id,
    listId: id,
    name: 'Spesa settimanale',
    size: 3,
    isDefault: false,
    confirmedAddressId: null,
    confirmedAt: null,
    sharingData: { grant: 'OWNER', owner: { userId: 7, name: 'Mario Rossi' }, sharedWith: [] },
    ...overrides,
  };
}

function makeItem(overrides: Partial<WishlistItem> = {}): WishlistItem {
  const itemId = overrides.itemId ?? 11;
  return {
    itemId,
    product: makeProduct({ productId: itemId, name: `Prodotto ${itemId}`, slug: `prodotto-${itemId}` }),
    quantity: 1,
    weight: null,
    infos: {},
    ...overrides,
  };
}

function makeView(overrides: Partial<WishlistView> = {}): WishlistView {
  return { ...makeList(), wishlistItems: [], wishlistInactiveItems: [], ...overrides };
}

const page = (personalList: Wishlist[]) => ({
  personalList,
  page: { selPage: 1, totPages: 1, totItems: personalList.length, itemsPerPage: 100 },
});

function mockLists(handlers: ApiHandlers) {
  return mockApi({
    '/category': () => ok({ categories: categoryTree }),
    '/cart/view': () => ok(makeCheckoutCart()),
    ...handlers,
  });
}

const own = makeList({ listId: 1, name: 'Spesa settimanale', size: 3, isDefault: true });
const second = makeList({ listId: 2, name: 'Festa', size: 1 });
const shared = makeList({
  listId: 3,
  name: 'Casa al mare',
  size: 5,
  sharingData: { grant: 'READ', owner: { userId: 9, name: 'Anna Bianchi' }, sharedWith: [] },
});

describe('Lists page', () => {
  it('shows own and shared lists, creates one by name, makes a list the default and deletes after confirming', async () => {
    signedIn();
    const fetchMock = mockLists({
      '/wishlist/list': () => ok(page([own, second, shared])),
      '/wishlist/insert': () => ok(makeList({ listId: 4, name: 'Pane' })),
      '/wishlist/select': () => ok({ ...second, isDefault: true }),
      '/wishlist/delete': () => ok({ listId: 2 }),
    });
    const { user } = renderApp('/profile/lists');
    expect(await screen.findByRole('heading', { level: 1, name: 'Le mie liste' })).toBeInTheDocument();
    expect(await screen.findByText('3 liste')).toBeInTheDocument();

    const ownRow = within(
      screen.getByRole('heading', { level: 2, name: 'Spesa settimanale' }).closest('li')!,
    );
    expect(ownRow.getByText('3 prodotti')).toBeInTheDocument();
    expect(ownRow.getByText('Predefinita')).toBeInTheDocument();
    expect(ownRow.getByRole('link', { name: 'Spesa settimanale' })).toHaveAttribute(
      'href',
      '/profile/lists/1',
    );
    // the default list offers no "make default"
    expect(ownRow.queryByRole('button', { name: /Rendi predefinita/ })).toBeNull();

    // a list shared with the customer: who shared it and how, no owner's controls
    const sharedRow = within(screen.getByRole('heading', { level: 2, name: 'Casa al mare' }).closest('li')!);
    expect(sharedRow.getByText('Condivisa da Anna Bianchi · sola lettura')).toBeInTheDocument();
    expect(sharedRow.queryByRole('button', { name: /Elimina|Rinomina/ })).toBeNull();

    // create: an empty name is refused without a call, the name is sent trimmed
    const nameField = screen.getByRole('textbox', { name: 'Nome della nuova lista' });
    await user.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Indica il nome della lista.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/wishlist/insert')).toHaveLength(0);
    await user.type(nameField, '  Pane  ');
    await user.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/wishlist/insert')).toEqual([{ name: 'Pane' }]));
    await waitFor(() => expect(nameField).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Rendi predefinita la lista Festa' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/wishlist/select')).toEqual([{ list_id: 2 }]));

    // delete asks first; cancelling sends nothing
    await user.click(screen.getByRole('button', { name: 'Elimina la lista Festa' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Elimina la lista' });
    expect(dialog).toHaveTextContent('Vuoi eliminare la lista Festa?');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/wishlist/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Elimina la lista Festa' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Elimina la lista' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/wishlist/delete')).toEqual([{ list_id: 2 }]));
  });
});

describe('List detail', () => {
  it('steps a quantity, removes a product after confirming, shows the products no longer sold apart and puts the list in the cart', async () => {
    signedIn();
    const sold = makeItem({ itemId: 11, quantity: 1 });
    const gone = makeItem({ itemId: 12 });
    const view = makeView({
      listId: 1,
      name: 'Spesa settimanale',
      wishlistItems: [sold],
      wishlistInactiveItems: [gone],
    });
    const cart = { ...makeCheckoutCart(), cartItems: [makeCartItem({ itemId: 99 })] };
    let serverCart = makeCheckoutCart();
    const fetchMock = mockLists({
      '/cart/view': () => ok(serverCart),
      '/wishlist/view': () => ok(view),
      '/wishlist/update_prods': () => ok({ ...view, wishlistItems: [{ ...sold, quantity: 2 }] }),
      '/wishlist/delete_prods': () => ok({ ...view, wishlistInactiveItems: [] }),
      '/cart/add-all-from-wishlist': () => {
        serverCart = cart;
        return ok(cart);
      },
    });
    const { user, queryClient } = renderApp('/profile/lists/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spesa settimanale' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/wishlist/view')[0]?.searchParams.get('list_id')).toBe('1');
    expect(screen.getByRole('link', { name: 'Prodotto 11' })).toHaveAttribute('href', '/product/prodotto-11');
    expect(screen.getAllByText('1,99 €').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Aumenta la quantità di Prodotto 11 nella lista' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/update_prods')).toEqual([
        { wishlistId: 1, items: [{ itemId: 11, quantity: 2 }] },
      ]),
    );
    expect(await screen.findByLabelText(/^Quantità di Prodotto 11: 2\b/)).toBeInTheDocument();

    const inactive = screen
      .getByRole('heading', { level: 2, name: 'Non più disponibili' })
      .closest('section')!;
    expect(within(inactive).getByText('Prodotto 12')).toBeInTheDocument();
    await user.click(within(inactive).getByRole('button', { name: 'Rimuovi Prodotto 12 dalla lista' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rimuovi il prodotto' });
    expect(dialog).toHaveTextContent('Vuoi rimuovere Prodotto 12 dalla lista?');
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/delete_prods')).toEqual([
        { wishlistId: 1, items: [{ itemId: 12 }] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Non più disponibili' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Aggiungi tutto al carrello' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/cart/add-all-from-wishlist')).toEqual([{ list_id: 1 }]));
    expect(await screen.findByText('I prodotti della lista sono nel carrello.')).toBeInTheDocument();
    // the cart's cache holds the answer (read again when it came without sectors)
    await waitFor(() => expect(queryClient.getQueryData(cartKeys.cart())).toEqual(cart));
  });

  it('a list shared read only can be put in the cart but not changed', async () => {
    signedIn();
    mockLists({
      '/wishlist/view': () =>
        ok(makeView({ ...shared, wishlistItems: [makeItem({ itemId: 11, quantity: 3 })] })),
    });
    renderApp('/profile/lists/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casa al mare' })).toBeInTheDocument();
    expect(screen.getByText('Condivisa da Anna Bianchi · sola lettura')).toBeInTheDocument();
    expect(screen.getByText(/^Quantità: 3\b/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Aumenta|Diminuisci|Rimuovi/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Condividi la lista' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Aggiungi tutto al carrello' })).toBeEnabled();
  });

  it('the owner shares the list by e-mail with a grant and revokes a share', async () => {
    signedIn();
    const anna = { userId: 9, name: 'Anna Bianchi', email: 'anna@example.it', grant: 'WRITE' as const };
    const fetchMock = mockLists({
      '/wishlist/view': () =>
        ok(
          makeView({
            sharingData: { grant: 'OWNER', owner: { userId: 7, name: 'Mario Rossi' }, sharedWith: [anna] },
          }),
        ),
      '/wishlist/share': () => ok(makeList()),
      '/wishlist/unshare': () => ok(makeList()),
    });
    const { user } = renderApp('/profile/lists/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Condividi la lista' })).toBeInTheDocument();
    expect(screen.getByText('Anna Bianchi (anna@example.it) · modifica')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-mail del cliente' }), 'luca@example.it');
    await user.click(screen.getByRole('radio', { name: 'modifica' }));
    await user.click(screen.getByRole('button', { name: 'Condividi' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/share')).toEqual([
        { list_id: 1, email: 'luca@example.it', grant: 'WRITE' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Revoca la condivisione con Anna Bianchi' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/unshare')).toEqual([{ list_id: 1, user_id: 9 }]),
    );
  });
});

describe('List selector (the heart)', () => {
  const biscuits = makeProduct({ productId: 7, slug: 'frollini-7', name: 'Frollini', minAcq: 3 });

  it('adds the product with its minimum quantity to a chosen list, or to a list created by name', async () => {
    signedIn();
    const fetchMock = mockLists({
      '/products': () => ok(biscuits),
      '/wishlist/list': () => ok(page([own, shared])),
      '/wishlist/add_prod': () => ok(makeView()),
      '/wishlist/insert': () => ok(makeList({ listId: 5, name: 'Dolci' })),
    });
    const { user } = renderApp('/product/frollini-7');
    await user.click(await screen.findByRole('button', { name: 'Aggiungi a una lista: Frollini' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Aggiungi a una lista' }));
    // a list shared read only cannot take products
    await user.click(await dialog.findByRole('button', { name: 'Aggiungi a Spesa settimanale' }));
    expect(dialog.queryByRole('button', { name: 'Aggiungi a Casa al mare' })).toBeNull();
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/add_prod')).toEqual([
        { wishlistId: 1, items: [{ productId: 7, quantity: 3 }] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts().map((t) => t.message)).toContain('Prodotto aggiunto alla lista');

    await user.click(screen.getByRole('button', { name: 'Aggiungi a una lista: Frollini' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Aggiungi a una lista' }));
    await user.type(dialog.getByRole('textbox', { name: 'Nome della nuova lista' }), 'Dolci');
    await user.click(dialog.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/wishlist/insert')).toEqual([{ name: 'Dolci' }]));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/wishlist/add_prod').at(-1)).toEqual({
        wishlistId: 5,
        items: [{ productId: 7, quantity: 3 }],
      }),
    );
  });

  it('sends an anonymous visitor to sign in first', async () => {
    const fetchMock = mockApi({
      '/category': () =>
        okAs({ userId: -1, login: null, profileConfirmed: false }, { categories: categoryTree }),
      '/products': () => okAs({ userId: -1, login: null, profileConfirmed: false }, biscuits),
    });
    const { user } = renderApp('/product/frollini-7');
    await user.click(await screen.findByRole('button', { name: 'Aggiungi a una lista: Frollini' }));
    expect(await screen.findByRole('dialog', { name: 'Accedi' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/wishlist/list')).toHaveLength(0);
  });
});
