import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { pickers, type PickedProduct, type WireCart } from '../../../test/cart-fixtures';
import { setStock } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { LISTS_LIMITS } from './lists.messages';
import { callAs, type TestApp, buildTestApp } from '../../../test/helper';

const API = '/ebsn/api';
const LEAKS = /stack|at \w+ \(|\.ts:\d+|select .* from|syntax error|drizzle|postgres|pglite|failed query/i;

type Customer = { userId: number; token: string; email: string };
type ListWire = {
  id: number;
  listId: number;
  name: string;
  size: number;
  isDefault: boolean;
  confirmedAddressId: number | null;
  confirmedAt: string | null;
  sharingData: {
    grant: 'OWNER' | 'READ' | 'WRITE';
    owner: { userId: number; name: string };
    sharedWith: Array<{ userId: number; name: string; email: string; grant: string }>;
  };
};
type ItemWire = {
  itemId: number;
  quantity: number;
  weight: number | null;
  infos: Record<string, string>;
  product: { productId: number; name: string };
};
type ViewWire = ListWire & { wishlistItems: ItemWire[]; wishlistInactiveItems: ItemWire[] };
type ListData = {
  personalList: ListWire[];
  page: { selPage: number; totPages: number; totItems: number; itemsPerPage: number };
};

let t: TestApp;
let piece: PickedProduct;
let loose: PickedProduct;
let pack6: PickedProduct;
let soldOut: PickedProduct;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  piece = await pickers.piece(t.db);
  loose = await pickers.loose500by100(t.db);
  pack6 = await pickers.lockedPack6(t.db);
  soldOut = await pickers.unavailable(t.db);
  alice = await newCustomer(t, { tag: 'lists-a' });
  bob = await newCustomer(t, { tag: 'lists-b' });
});
afterAll(async () => {
  await t?.close();
});

const as = <T>(who: Customer | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, who?.token ?? null, method, `${API}${path}`, payload === undefined ? {} : { payload });

const create = async (who: Customer, name: string): Promise<ListWire> => {
  const res = await as<ListWire>(who, 'POST', '/wishlist/insert', { name });
  expect(res.body.response.status).toBe(0);
  return res.body.data;
};
const view = (who: Customer, listId: number) =>
  as<ViewWire>(who, 'GET', `/wishlist/view?list_id=${listId}&calculate_stock=true&show_sectors=false`);
const addProd = (who: Customer, wishlistId: number, items: unknown[]) =>
  as<ViewWire>(who, 'POST', '/wishlist/add_prod', { wishlistId, items });
const listsOf = async (who: Customer) =>
  (await as<ListData>(who, 'GET', '/wishlist/list?page=1&pageSize=100')).body.data.personalList;
const rowOf = async (listId: number) =>
  (
    await queryRows<{ name: string; isDefault: boolean; items: number }>(
      t.db,
      sql`SELECT name, is_default AS "isDefault",
                 (SELECT count(*)::int FROM wishlist_items i WHERE i.list_id = w.list_id) AS items
            FROM wishlists w WHERE list_id = ${listId}`,
    )
  )[0];
/** delists a product from every store (no longer sold by the cart's warehouse) */
const delist = (productId: number) =>
  t.db.execute(
    sql`INSERT INTO product_delistings (product_id, warehouse_id)
        SELECT ${productId}, w.warehouse_id FROM warehouses w ON CONFLICT DO NOTHING`,
  );
/** a plain piece product still sold, other than `notIn` */
const otherPiece = async (notIn: number[]) => {
  const [row] = await queryRows<{ productId: number; name: string }>(
    t.db,
    sql`SELECT product_id AS "productId", name FROM products
         WHERE active AND select_options = '[]'::jsonb AND max_acq IS NULL
           AND product_infos->>'TIPOLOGIA' = 'Pezzo' AND COALESCE(product_infos->>'QTY_MULT', '1') = '1'
           AND NOT EXISTS (SELECT 1 FROM product_delistings d WHERE d.product_id = products.product_id)
           AND (SELECT max(st.stock) FROM product_stock st WHERE st.product_id = products.product_id) >= 10
           AND product_id NOT IN (${sql.join(
             notIn.map((id) => sql`${id}`),
             sql`, `,
           )})
         ORDER BY product_id DESC LIMIT 1`,
  );
  if (!row) throw new Error('no second piece product');
  // in stock at every store, whichever prepares the list's cart (decision 095)
  await setStock(t.db, row.productId, 50, 'all');
  return row;
};

describe('lists: create, list, rename, default, delete', () => {
  it('answers 401 in the envelope without a session', async () => {
    for (const [method, path] of [
      ['GET', '/wishlist/list'],
      ['POST', '/wishlist/insert'],
      ['POST', '/cart/add-all-from-wishlist'],
    ] as const) {
      const res = await as(null, method, path, method === 'POST' ? { name: 'x', list_id: 1 } : undefined);
      expect(res.statusCode).toBe(401);
      expect(res.body.response.status).not.toBe(0);
    }
  });

  it('the first list is the default, the next ones are not; names are trimmed and kept as text', async () => {
    const c = await newCustomer(t, { tag: 'lists-create' });
    const first = await create(c, '  Spesa settimanale  ');
    expect(first).toMatchObject({ name: 'Spesa settimanale', isDefault: true, size: 0 });
    expect(first.id).toBe(first.listId);
    expect(first.sharingData).toEqual({
      grant: 'OWNER',
      owner: { userId: c.userId, name: 'Test Cliente' },
      sharedWith: [],
    });
    const html = await create(c, '<b>Festa</b> & "amici"');
    expect(html).toMatchObject({ name: '<b>Festa</b> & "amici"', isDefault: false });
    const res = await as<ListData>(c, 'GET', '/wishlist/list');
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.personalList.map((l) => [l.name, l.isDefault])).toEqual([
      ['Spesa settimanale', true],
      ['<b>Festa</b> & "amici"', false],
    ]);
    expect(res.body.data.page).toEqual({ selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 24 });
    const paged = await as<ListData>(c, 'GET', '/wishlist/list?page=2&pageSize=1');
    expect(paged.body.data.personalList.map((l) => l.listId)).toEqual([html.listId]);
    expect(paged.body.data.page).toEqual({ selPage: 2, totPages: 2, totItems: 2, itemsPerPage: 1 });
  });

  it.each([
    [{}, 'Campo obbligatorio.'],
    [{ name: '' }, 'Campo obbligatorio.'],
    [{ name: '     ' }, 'Campo obbligatorio.'],
    [{ name: 'a'.repeat(61) }, 'Lunghezza massima 60 caratteri'],
    [{ name: 'riga\nnuova' }, 'Il nome della lista contiene caratteri non ammessi.'],
    [{ name: 12 }, 'Valore non valido.'],
  ])('a bad name %j is refused in Italian and creates nothing', async (body, message) => {
    const c = await newCustomer(t, { tag: 'lists-badname' });
    const res = await as(c, 'POST', '/wishlist/insert', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
    expect(res.body.response.errorsMessage).toEqual([message]);
    expect(await listsOf(c)).toEqual([]);
  });

  it('a 60-character name is accepted', async () => {
    const c = await newCustomer(t, { tag: 'lists-60' });
    expect((await create(c, 'x'.repeat(60))).name).toBe('x'.repeat(60));
  });

  it('renames the owner’s list; another customer’s list answers like a missing one and stays', async () => {
    const list = await create(alice, 'Da rinominare');
    const res = await as<ListWire>(alice, 'POST', '/wishlist/update', {
      list_id: list.listId,
      name: ' Nuovo ',
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.name).toBe('Nuovo');
    const theirs = await as(bob, 'POST', '/wishlist/update', { list_id: list.listId, name: 'Mio' });
    const missing = await as(bob, 'POST', '/wishlist/update', { list_id: 2147483000, name: 'Mio' });
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    expect((await rowOf(list.listId))?.name).toBe('Nuovo');
    const bad = await as(alice, 'POST', '/wishlist/update', { list_id: list.listId, name: '' });
    expect(bad.statusCode).toBe(400);
    expect((await rowOf(list.listId))?.name).toBe('Nuovo');
  });

  it('select moves the one default flag; another customer’s list is not found', async () => {
    const c = await newCustomer(t, { tag: 'lists-select' });
    const a = await create(c, 'A');
    const b = await create(c, 'B');
    const res = await as<ListWire>(c, 'POST', '/wishlist/select', { list_id: b.listId });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.isDefault).toBe(true);
    const lists = await listsOf(c);
    expect(lists.filter((l) => l.isDefault).map((l) => l.listId)).toEqual([b.listId]);
    expect((await rowOf(a.listId))?.isDefault).toBe(false);
    // selecting the default again changes nothing
    await as(c, 'POST', '/wishlist/select', { list_id: b.listId });
    expect((await listsOf(c)).filter((l) => l.isDefault)).toHaveLength(1);
    const theirs = await as(bob, 'POST', '/wishlist/select', { list_id: a.listId });
    expect(theirs.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    expect((await rowOf(a.listId))?.isDefault).toBe(false);
    expect((await listsOf(bob)).some((l) => l.listId === a.listId)).toBe(false);
  });

  it('delete removes the list with its products; a deleted default passes to the oldest list', async () => {
    const c = await newCustomer(t, { tag: 'lists-delete' });
    const a = await create(c, 'A');
    const b = await create(c, 'B');
    await addProd(c, a.listId, [{ productId: piece.productId, quantity: 1 }]);
    const theirs = await as(bob, 'POST', '/wishlist/delete', { list_id: a.listId });
    expect(theirs.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    expect(await rowOf(a.listId)).toMatchObject({ items: 1 });
    const res = await as<{ listId: number }>(c, 'POST', '/wishlist/delete', { list_id: a.listId });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toEqual({ listId: a.listId });
    expect(await rowOf(a.listId)).toBeUndefined();
    expect((await listsOf(c)).map((l) => [l.listId, l.isDefault])).toEqual([[b.listId, true]]);
    const again = await as(c, 'POST', '/wishlist/delete', { list_id: a.listId });
    expect(again.body.response.errorsMessage).toEqual(['Lista non trovata.']);
  });

  it('confirm records the list as the usual basket of one of the customer’s own addresses', async () => {
    const c = await newCustomer(t, { tag: 'lists-confirm' });
    const insertAddress = async (userId: number) => {
      const [row] = await queryRows<{ addressId: number }>(
        t.db,
        sql`INSERT INTO addresses (user_id, address_type_id, delivery_service_id, address_name, address1,
                                   city, province, postal_code)
            VALUES (${userId}, 2, (SELECT min(delivery_service_id) FROM delivery_services), 'Casa',
                    'Via Roma 1', 'Milano', 'MI', '20100')
            RETURNING address_id AS "addressId"`,
      );
      return row!.addressId;
    };
    const mine = await insertAddress(c.userId);
    const bobs = await insertAddress(bob.userId);
    const a = await create(c, 'Solita spesa');
    const b = await create(c, 'Altra');
    const res = await as<ListWire>(c, 'POST', '/wishlist/confirm', { list_id: a.listId, address_id: mine });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.confirmedAddressId).toBe(mine);
    expect(res.body.data.confirmedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // one list per address: confirming another list moves it
    await as(c, 'POST', '/wishlist/confirm', { list_id: b.listId, address_id: mine });
    const lists = await listsOf(c);
    expect(lists.find((l) => l.listId === a.listId)?.confirmedAddressId).toBeNull();
    expect(lists.find((l) => l.listId === b.listId)?.confirmedAddressId).toBe(mine);
    const other = await as(c, 'POST', '/wishlist/confirm', { list_id: a.listId, address_id: bobs });
    expect(other.body.response.errorsMessage).toEqual(['Indirizzo non trovato.']);
    const theirs = await as(bob, 'POST', '/wishlist/confirm', { list_id: a.listId, address_id: bobs });
    expect(theirs.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    const bad = await as(c, 'POST', '/wishlist/confirm', { list_id: a.listId });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lists: products', () => {
  it('adds products stepped like the cart; the same product again adds to its quantity', async () => {
    const list = await create(alice, 'Prodotti');
    const first = await addProd(alice, list.listId, [
      { productId: piece.productId, quantity: 2, infos: { notes: 'maturi' } },
      { productId: loose.productId, quantity: 0.5 },
    ]);
    expect(first.body.response.status).toBe(0);
    expect(first.body.response.infosMessage).toEqual(['Prodotti aggiunti alla lista.']);
    const again = await addProd(alice, list.listId, [
      { productId: piece.productId, quantity: 3 },
      { productId: loose.productId, quantity: 1, weight: 0.1 },
    ]);
    expect(again.body.response.status).toBe(0);
    const items = again.body.data.wishlistItems;
    expect(items.map((i) => [i.product.productId, i.quantity, i.weight])).toEqual([
      [piece.productId, 5, null],
      [loose.productId, 0.6, 0.6],
    ]);
    expect(items[0]?.infos).toEqual({ notes: 'maturi' });
    expect(again.body.data.size).toBe(2);
    expect(again.body.data.wishlistInactiveItems).toEqual([]);
  });

  it.each([
    [() => ({ productId: loose.productId, quantity: 0.55 }), 'variare di 100 g'],
    [() => ({ productId: loose.productId, quantity: 0.3 }), 'La quantità minima acquistabile è 500 g'],
    [() => ({ productId: pack6.productId, quantity: 4 }), 'multiplo di 6'],
    [() => ({ productId: piece.productId, quantity: 1.5 }), 'La quantità indicata non è valida.'],
    [() => ({ productId: piece.productId, quantity: -1 }), 'La quantità indicata non è valida.'],
    [() => ({ productId: 2147483000, quantity: 1 }), 'Prodotto non trovato.'],
  ])('refuses a quantity the cart would refuse and changes nothing (%#)', async (item, text) => {
    const list = await create(alice, 'Rifiuti');
    await addProd(alice, list.listId, [{ productId: piece.productId, quantity: 1 }]);
    const res = await addProd(alice, list.listId, [{ productId: piece.productId, quantity: 1 }, item()]);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage.join(' ')).toContain(text);
    // the whole call is refused: the good line was not added either
    expect(res.body.data.wishlistItems.map((i) => i.quantity)).toEqual([1]);
    expect((await rowOf(list.listId))?.items).toBe(1);
  });

  it('refuses a product no longer sold by the cart’s store', async () => {
    const gone = await otherPiece([piece.productId]);
    await delist(gone.productId);
    const list = await create(alice, 'Non venduto');
    const res = await addProd(alice, list.listId, [{ productId: gone.productId, quantity: 1 }]);
    expect(res.body.response.errorsMessage).toEqual([`${gone.name}: Prodotto non disponibile`]);
    expect((await rowOf(list.listId))?.items).toBe(0);
  });

  it('update_prods changes quantities by the same rules and 0 removes; delete_prods removes', async () => {
    const list = await create(alice, 'Modifiche');
    const added = await addProd(alice, list.listId, [
      { productId: piece.productId, quantity: 1 },
      { productId: loose.productId, quantity: 0.5 },
      { productId: pack6.productId, quantity: 6 },
    ]);
    const [p, l, k] = added.body.data.wishlistItems.map((i) => i.itemId) as [number, number, number];
    const bad = await as<ViewWire>(alice, 'POST', '/wishlist/update_prods', {
      wishlistId: list.listId,
      items: [
        { itemId: p, quantity: 4 },
        { itemId: k, quantity: 7 },
      ],
    });
    expect(bad.body.response.errorsMessage[0]).toContain('multiplo di 6');
    expect(bad.body.data.wishlistItems.map((i) => i.quantity)).toEqual([1, 0.5, 6]);
    const res = await as<ViewWire>(alice, 'POST', '/wishlist/update_prods', {
      wishlistId: list.listId,
      items: [
        { itemId: p, quantity: 4 },
        { itemId: l, quantity: 0 },
        { itemId: k, quantity: 12 },
      ],
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.wishlistItems.map((i) => [i.itemId, i.quantity])).toEqual([
      [p, 4],
      [k, 12],
    ]);
    const del = await as<ViewWire>(alice, 'POST', `/wishlist/delete_prods?hash=${Math.random()}`, {
      wishlistId: list.listId,
      items: [{ itemId: k, quantity: 0, productId: pack6.productId }],
      hash: 'abc123',
    });
    expect(del.body.response.status).toBe(0);
    expect(del.body.data.wishlistItems.map((i) => i.itemId)).toEqual([p]);
  });

  it('another customer’s list and items answer like missing ones and change nothing', async () => {
    const list = await create(alice, 'Privata');
    const added = await addProd(alice, list.listId, [{ productId: piece.productId, quantity: 2 }]);
    const itemId = added.body.data.wishlistItems[0]!.itemId;
    const bobsList = await create(bob, 'Di Bob');
    const pairs: Array<[string, unknown, unknown]> = [
      [
        '/wishlist/add_prod',
        { wishlistId: list.listId, items: [{ productId: piece.productId, quantity: 1 }] },
        { wishlistId: 2147483000, items: [{ productId: piece.productId, quantity: 1 }] },
      ],
      [
        '/wishlist/update_prods',
        { wishlistId: list.listId, items: [{ itemId, quantity: 1 }] },
        { wishlistId: 2147483000, items: [{ itemId, quantity: 1 }] },
      ],
      [
        '/wishlist/delete_prods',
        { wishlistId: list.listId, items: [{ itemId }] },
        { wishlistId: 2147483000, items: [{ itemId }] },
      ],
      ['/wishlist/delete', { list_id: list.listId }, { list_id: 2147483000 }],
      [
        '/wishlist/share',
        { list_id: list.listId, email: bob.email, grant: 'WRITE' },
        { list_id: 2147483000, email: bob.email, grant: 'WRITE' },
      ],
    ];
    for (const [path, theirs, missing] of pairs) {
      const a = await as(bob, 'POST', path, theirs);
      const b = await as(bob, 'POST', path, missing);
      expect(a.body, path).toEqual(b.body);
      expect(a.body.response.errorsMessage, path).toEqual(['Lista non trovata.']);
    }
    const v = await view(bob, list.listId);
    expect(v.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    expect(v.body.data).toEqual({});
    // alice's item through bob's own list is not found either
    for (const [path, body] of [
      ['/wishlist/update_prods', { wishlistId: bobsList.listId, items: [{ itemId, quantity: 1 }] }],
      ['/wishlist/delete_prods', { wishlistId: bobsList.listId, items: [{ itemId }] }],
    ] as const) {
      const res = await as<ViewWire>(bob, 'POST', path, body);
      expect(res.body.response.errorsMessage, path).toEqual(['Il prodotto non è presente nella lista.']);
    }
    const after = await view(alice, list.listId);
    expect(after.body.data.wishlistItems.map((i) => [i.itemId, i.quantity])).toEqual([[itemId, 2]]);
  });

  it('view puts products no longer sold by the cart’s store apart', async () => {
    const list = await create(alice, 'Inattivi');
    const fresh = await otherPiece([piece.productId]);
    await addProd(alice, list.listId, [
      { productId: piece.productId, quantity: 1 },
      { productId: fresh.productId, quantity: 1 },
    ]);
    await delist(fresh.productId);
    const res = await view(alice, list.listId);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.wishlistItems.map((i) => i.product.productId)).toEqual([piece.productId]);
    expect(res.body.data.wishlistInactiveItems.map((i) => i.product.productId)).toEqual([fresh.productId]);
    expect(res.body.data.size).toBe(2);
  });

  it.each([
    ['/wishlist/add_prod', { wishlistId: 'x', items: [{ productId: 1, quantity: 1 }] }],
    ['/wishlist/add_prod', { wishlistId: 1, items: [] }],
    ['/wishlist/add_prod', { wishlistId: 1, items: [{ productId: 1, quantity: 'lots' }] }],
    ['/wishlist/add_prod', { wishlistId: 1, items: [{ productId: 1, quantity: 1e99 }] }],
    ['/wishlist/add_prod', { wishlistId: 1, items: [{ productId: 1, quantity: 1, infos: { a: 1 } }] }],
    ['/wishlist/update_prods', { wishlistId: 1, items: [{ itemId: -4, quantity: 1 }] }],
    ['/wishlist/delete_prods', { wishlistId: 1 }],
    ['/wishlist/share', { list_id: 1, email: 'non-una-mail', grant: 'READ' }],
    ['/wishlist/share', { list_id: 1, email: 'a@b.it', grant: 'ADMIN' }],
    ['/wishlist/unshare', { list_id: 1, user_id: 'abc' }],
    ['/wishlist/select', { list_id: 99999999999 }],
    ['/cart/add-all-from-wishlist', { list_id: 0 }],
  ])('bad body on %s answers 400 in Italian, never 500', async (path, body) => {
    const res = await as(alice, 'POST', path, body);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
    expect(res.body.response.errorsMessage[0]).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
  });

  it.each([
    '/wishlist/view',
    '/wishlist/view?list_id=abc',
    '/wishlist/list?pageSize=1000',
    '/wishlist/list?page=0',
  ])('bad query %s answers 400', async (path) => {
    const res = await as(alice, 'GET', path);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
  });
});

describe('lists: sharing', () => {
  let owner: Customer;
  let reader: Customer;
  let writer: Customer;
  let list: ListWire;
  let itemId: number;
  beforeAll(async () => {
    owner = await newCustomer(t, { tag: 'lists-owner' });
    reader = await newCustomer(t, { tag: 'lists-reader' });
    writer = await newCustomer(t, { tag: 'lists-writer' });
    list = await create(owner, 'Condivisa');
    const added = await addProd(owner, list.listId, [{ productId: piece.productId, quantity: 2 }]);
    itemId = added.body.data.wishlistItems[0]!.itemId;
    const r = await as<ListWire>(owner, 'POST', '/wishlist/share', {
      list_id: list.listId,
      email: reader.email.toUpperCase(),
      grant: 'READ',
    });
    expect(r.body.response.status).toBe(0);
    const w = await as<ListWire>(owner, 'POST', '/wishlist/share', {
      list_id: list.listId,
      email: writer.email,
      grant: 'WRITE',
    });
    expect(w.body.data.sharingData.sharedWith.map((s) => [s.userId, s.grant])).toEqual([
      [reader.userId, 'READ'],
      [writer.userId, 'WRITE'],
    ]);
  });

  it('grantees see the list with their grant and the owner’s name, never the other grantees', async () => {
    const mine = await listsOf(reader);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      listId: list.listId,
      isDefault: false,
      size: 1,
      confirmedAddressId: null,
      sharingData: { grant: 'READ', owner: { userId: owner.userId, name: 'Test Cliente' }, sharedWith: [] },
    });
    const v = await view(writer, list.listId);
    expect(v.body.data.sharingData.grant).toBe('WRITE');
    expect(v.body.data.wishlistItems.map((i) => i.itemId)).toEqual([itemId]);
  });

  it('a READ grantee cannot change the list in any way', async () => {
    const calls: Array<[string, unknown, string]> = [
      [
        '/wishlist/add_prod',
        { wishlistId: list.listId, items: [{ productId: piece.productId, quantity: 1 }] },
        'sola lettura',
      ],
      [
        '/wishlist/update_prods',
        { wishlistId: list.listId, items: [{ itemId, quantity: 5 }] },
        'sola lettura',
      ],
      ['/wishlist/delete_prods', { wishlistId: list.listId, items: [{ itemId }] }, 'sola lettura'],
      ['/wishlist/update', { list_id: list.listId, name: 'Mia' }, 'Solo chi ha creato'],
      ['/wishlist/delete', { list_id: list.listId }, 'Solo chi ha creato'],
      ['/wishlist/select', { list_id: list.listId }, 'Solo chi ha creato'],
      ['/wishlist/share', { list_id: list.listId, email: bob.email, grant: 'WRITE' }, 'Solo chi ha creato'],
      ['/wishlist/unshare', { list_id: list.listId, user_id: writer.userId }, 'Solo chi ha creato'],
    ];
    for (const [path, body, text] of calls) {
      const res = await as(reader, 'POST', path, body);
      expect(res.body.response.status, path).not.toBe(0);
      expect(res.body.response.errorsMessage[0], path).toContain(text);
    }
    const v = await view(owner, list.listId);
    expect(v.body.data.name).toBe('Condivisa');
    expect(v.body.data.wishlistItems.map((i) => [i.itemId, i.quantity])).toEqual([[itemId, 2]]);
    expect(v.body.data.sharingData.sharedWith).toHaveLength(2);
  });

  it('a WRITE grantee changes the products but cannot rename, delete, select or share', async () => {
    const add = await addProd(writer, list.listId, [{ productId: loose.productId, quantity: 0.5 }]);
    expect(add.body.response.status).toBe(0);
    const upd = await as<ViewWire>(writer, 'POST', '/wishlist/update_prods', {
      wishlistId: list.listId,
      items: [{ itemId, quantity: 3 }],
    });
    expect(upd.body.response.status).toBe(0);
    const looseItem = upd.body.data.wishlistItems.find((i) => i.product.productId === loose.productId)!;
    const del = await as<ViewWire>(writer, 'POST', '/wishlist/delete_prods', {
      wishlistId: list.listId,
      items: [{ itemId: looseItem.itemId }],
    });
    expect(del.body.data.wishlistItems.map((i) => [i.itemId, i.quantity])).toEqual([[itemId, 3]]);
    for (const [path, body] of [
      ['/wishlist/update', { list_id: list.listId, name: 'Mia' }],
      ['/wishlist/delete', { list_id: list.listId }],
      ['/wishlist/select', { list_id: list.listId }],
      ['/wishlist/share', { list_id: list.listId, email: bob.email, grant: 'READ' }],
    ] as const) {
      const res = await as(writer, 'POST', path, body);
      expect(res.body.response.errorsMessage[0], path).toContain('Solo chi ha creato');
    }
    expect(await rowOf(list.listId)).toMatchObject({ name: 'Condivisa', isDefault: true });
    expect((await listsOf(bob)).some((l) => l.listId === list.listId)).toBe(false);
  });

  it('sharing refuses an unknown e-mail and the owner’s own', async () => {
    const unknown = await as(owner, 'POST', '/wishlist/share', {
      list_id: list.listId,
      email: 'nessuno-qui@spesa.test',
      grant: 'READ',
    });
    expect(unknown.body.response.errorsMessage).toEqual([
      'Nessun cliente registrato con questa e-mail: controlla l’indirizzo e riprova.',
    ]);
    const self = await as(owner, 'POST', '/wishlist/share', {
      list_id: list.listId,
      email: owner.email,
      grant: 'READ',
    });
    expect(self.body.response.errorsMessage).toEqual(['Non puoi condividere una lista con te stesso.']);
  });

  it('sharing is throttled per customer: past the limit the Italian 429, and no share is made', async () => {
    const prober = await newCustomer(t, { tag: 'lists-probe' });
    const own = await create(prober, 'Da condividere');
    for (let i = 0; i < LISTS_LIMITS.sharesPerWindow; i++) {
      const r = await as(prober, 'POST', '/wishlist/share', {
        list_id: own.listId,
        email: `sonda.${i}@spesa.test`,
        grant: 'READ',
      });
      expect(r.statusCode).toBe(200);
    }
    const over = await as(prober, 'POST', '/wishlist/share', {
      list_id: own.listId,
      email: bob.email,
      grant: 'READ',
    });
    expect(over.statusCode).toBe(429);
    expect(over.body.response.errorsMessage).toEqual(['Troppi tentativi: riprova tra qualche minuto.']);
    expect((await listsOf(bob)).some((l) => l.listId === own.listId)).toBe(false);
  });

  it('a READ grantee can put the list in the cart', async () => {
    const res = await as<WireCart>(reader, 'POST', '/cart/add-all-from-wishlist', { list_id: list.listId });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.cartItems.map((i) => i.product.productId)).toEqual([piece.productId]);
  });

  it('revoking removes the list from the grantee’s view', async () => {
    const res = await as<ListWire>(owner, 'POST', '/wishlist/unshare', {
      list_id: list.listId,
      user_id: reader.userId,
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.sharingData.sharedWith.map((s) => s.userId)).toEqual([writer.userId]);
    expect(await listsOf(reader)).toEqual([]);
    const v = await view(reader, list.listId);
    expect(v.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    const again = await as(owner, 'POST', '/wishlist/unshare', {
      list_id: list.listId,
      user_id: reader.userId,
    });
    expect(again.body.response.errorsMessage).toEqual(['La lista non è condivisa con questo cliente.']);
  });
});

describe('cart/add-all-from-wishlist', () => {
  it('adds the available products and reports each refused one, as add-all-from-order', async () => {
    const c = await newCustomer(t, { tag: 'lists-tocart' });
    const list = await create(c, 'Al carrello');
    await addProd(c, list.listId, [
      { productId: piece.productId, quantity: 2 },
      { productId: loose.productId, quantity: 0.7 },
      { productId: soldOut.productId, quantity: 1 },
    ]);
    // put in the list while sold, then no longer sold by any store
    const later = await otherPiece([piece.productId]);
    await addProd(c, list.listId, [{ productId: later.productId, quantity: 1 }]);
    await delist(later.productId);
    const res = await as<WireCart>(c, 'POST', '/cart/add-all-from-wishlist', { list_id: list.listId });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.cartItems.map((i) => [i.product.productId, i.quantity])).toEqual([
      [piece.productId, 2],
      [loose.productId, 0.7],
    ]);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errorsMessage, JSON.stringify(res.body.response)).toHaveLength(2);
    expect(res.body.response.errorsMessage.join(' ')).toContain(soldOut.name);
    expect(res.body.response.errorsMessage.join(' ')).toContain(later.name);
    expect(res.body.response.infosMessage).toEqual([
      'Aggiunti al carrello 2 prodotti della lista «Al carrello».',
    ]);
    // the list itself is unchanged
    expect((await rowOf(list.listId))?.items).toBe(4);
  });

  it('an empty list adds nothing and says so', async () => {
    const c = await newCustomer(t, { tag: 'lists-tocart-empty' });
    const list = await create(c, 'Vuota');
    const res = await as<WireCart>(c, 'POST', '/cart/add-all-from-wishlist', { list_id: list.listId });
    expect(res.body.response.errorsMessage).toEqual([
      'La lista è vuota: non è stato aggiunto nulla al carrello.',
    ]);
    expect(res.body.data.cartItems).toEqual([]);
  });

  it('another customer’s list answers like a missing one and adds nothing', async () => {
    const list = await create(alice, 'Di Alice');
    await addProd(alice, list.listId, [{ productId: piece.productId, quantity: 1 }]);
    const c = await newCustomer(t, { tag: 'lists-tocart-other' });
    const theirs = await as(c, 'POST', '/cart/add-all-from-wishlist', { list_id: list.listId });
    const missing = await as(c, 'POST', '/cart/add-all-from-wishlist', { list_id: 2147483000 });
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.response.errorsMessage).toEqual(['Lista non trovata.']);
    const cart = await as<WireCart>(c, 'GET', '/cart/view');
    expect(cart.body.data.cartItems).toEqual([]);
  });
});

describe('lists: at the same moment', () => {
  it('adds of the same product at once all count; two first lists at once give one default', async () => {
    const c = await newCustomer(t, { tag: 'lists-race' });
    const list = await create(c, 'Gara');
    const adds = await Promise.all(
      Array.from({ length: 6 }, () => addProd(c, list.listId, [{ productId: piece.productId, quantity: 1 }])),
    );
    expect(adds.every((r) => r.statusCode === 200)).toBe(true);
    const v = await view(c, list.listId);
    expect(v.body.data.wishlistItems.map((i) => i.quantity)).toEqual([6]);

    const d = await newCustomer(t, { tag: 'lists-race-default' });
    const created = await Promise.all(
      Array.from({ length: 4 }, (_, i) => as<ListWire>(d, 'POST', '/wishlist/insert', { name: `L${i}` })),
    );
    expect(created.every((r) => r.body.response.status === 0)).toBe(true);
    const lists = await listsOf(d);
    expect(lists).toHaveLength(4);
    expect(lists.filter((l) => l.isDefault)).toHaveLength(1);
    // two selects at once leave one default too
    await Promise.all(lists.map((l) => as(d, 'POST', '/wishlist/select', { list_id: l.listId })));
    expect((await listsOf(d)).filter((l) => l.isDefault)).toHaveLength(1);
  });
});
