import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { CartRepository } from '../cart/cart.repository';
import { DeliveryRepository } from './delivery.repository';

/** The customer's addresses, the cart's delivery part, the elderly address and the fee. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_MAX_PER_ACCOUNT: 1000, AUTH_RATE_MAX_PER_ADDRESS: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const api = (path: string) => `/ebsn/api${path}`;
const IN_USE = "Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.";

const HOME = {
  addressName: 'Casa',
  receiverName: 'Lucia Brambilla',
  address1: 'Via Carlo Cattaneo',
  addressNumber: '5',
  postalcode: '22100',
  city: 'Como',
  province: 'co',
  otherInfo: 'Citofono Brambilla',
  floor: '2',
  elevator: true,
  stair: 'B',
  apartment: '7',
  phone: '031 123456',
};

interface AddressData {
  address: {
    addressId: number;
    addressType: string;
    zoneId: number | null;
    province: string;
    addressClass: Array<{ addressClassId: number }>;
    editable: boolean;
    preferred: boolean;
    latitude: number | null;
  };
}
interface CartData {
  cartId: number;
  cartStatusId: number;
  deliveryServiceId: number | null;
  store: { storeId: number; name: string };
  warehouse: { warehouseId: number };
  shippingAddress: {
    addressId: number;
    deliveryServiceId: number;
    autoAssigned: boolean;
    addressTypeId: number;
  } | null;
  timeslot: { date: string; timeslotId: number; autoAssigned: boolean } | null;
  deliveryFee: number;
  cartItems: unknown[];
  totalItems: number;
}

async function addHome(token: string, body: Record<string, unknown> = {}) {
  return callAs<AddressData>(t.app, token, 'POST', api('/user-address/update'), {
    payload: { ...HOME, ...body },
  });
}

/** A work address (created by a company subscription, not by the customer's form). */
async function addWork(userId: number): Promise<number> {
  const row = await new DeliveryRepository(t.db).insertAddress({
    userId,
    addressTypeId: 3,
    deliveryServiceId: 3,
    zoneId: 61,
    addressName: 'Ufficio',
    address1: 'Via Gustavo Fara',
    addressNumber: '28',
    city: 'Milano',
    province: 'MI',
    postalCode: '20124',
  });
  return row.addressId;
}

describe('anonymous callers', () => {
  it.each([
    ['GET', '/cart/view'],
    ['GET', '/user-address/list'],
    ['POST', '/user-address/update'],
    ['GET', '/user-address/delete?address_id=1'],
    ['GET', '/timeslot/list'],
    ['GET', '/timeslot/select?sel_date=2026-01-01&timeslot_id=1'],
    ['GET', '/delivery-fee/view'],
    ['POST', '/store/select?store_id=13'],
    ['GET', '/spesa-address-class-controller/set-address-class-id?address_id=1&address_class_id=1'],
  ] as const)('%s %s answers the 401 envelope (no anonymous cart)', async (method, path) => {
    const res = await callAs(
      t.app,
      null,
      method,
      api(path),
      method === 'POST' ? { payload: { x: 'y'.repeat(5000) } } : {},
    );
    expect(res.statusCode).toBe(401);
    expect(res.body.response.errors[0]?.error).toBe("Devi effettuare l'accesso per continuare.");
  });
});

describe('the cart’s delivery part', () => {
  it('a new customer’s cart: the default catalogue, no address, no slot, nothing inside', async () => {
    const c = await newCustomer(t);
    const res = await callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'));
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({
      cartStatusId: 0,
      deliveryServiceId: null,
      store: { storeId: 1, name: 'Catalogo Globale' },
      warehouse: { warehouseId: 1 },
      shippingAddress: null,
      timeslot: null,
      cartInfos: {},
      cartItems: [],
      totalItems: 0,
      deliveryFee: 0,
    });
    // one open cart per customer, however many calls
    const again = await Promise.all(
      [1, 2, 3].map(() => callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'))),
    );
    expect(new Set(again.map((r) => r.body.data.cartId))).toEqual(new Set([res.body.data.cartId]));
  });

  it('store/select: Drive at that store, the store’s pickup point, a proposed slot (auto-assigned)', async () => {
    const c = await newCustomer(t);
    const res = await callAs<CartData>(t.app, c.token, 'POST', api('/store/select?store_id=13'));
    expect(res.body.response.status).toBe(0);
    expect(res.body.data).toMatchObject({
      deliveryServiceId: 1,
      store: { storeId: 13, name: 'Spesa Milano Città Studi' },
      warehouse: { warehouseId: 13 },
      shippingAddress: { addressId: 13, deliveryServiceId: 1, autoAssigned: false, addressTypeId: 4 },
      deliveryFee: 0,
    });
    expect(res.body.data.timeslot?.autoAssigned).toBe(true);
    const missing = await callAs(t.app, c.token, 'POST', api('/store/select?store_id=999999'));
    expect(missing.body.response.status).toBe(404);
    const locker = await callAs(t.app, c.token, 'POST', api('/store/select?store_id=51'));
    expect(locker.body.response.status).toBe(404);
  });

  it('a demo customer’s cart starts on the default delivery address (auto-assigned)', async () => {
    const res = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const list = await callAs<{
      addresses: Array<{ addressType: string; addressName: string; preferred: boolean; editable: boolean }>;
    }>(t.app, res.cookie, 'GET', api('/user-address/list'));
    expect(list.body.data.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ addressType: 'home', city: 'Milano', preferred: true, editable: true }),
        expect.objectContaining({ addressType: 'work', editable: false }),
      ]),
    );
    const anna = await login(t.app, 'anna.verdi@spesa.demo', DEMO_PASSWORD);
    const annaList = await callAs<{ addresses: Array<{ city: string }> }>(
      t.app,
      anna.cookie,
      'GET',
      api('/user-address/list'),
    );
    expect(annaList.body.data.addresses.map((a) => a.city)).toContain('Como');
  });
});

describe('POST /user-address/update and save-new-address', () => {
  it('adds a home address in a served CAP: zone, coordinates from the comune, first one becomes default', async () => {
    const c = await newCustomer(t);
    const res = await addHome(c.token);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage).toEqual(['Indirizzo salvato.']);
    expect(res.body.data.address).toMatchObject({
      addressType: 'home',
      zoneId: 11,
      province: 'CO',
      editable: true,
      preferred: true,
    });
    expect(res.body.data.address.latitude).toBeCloseTo(45.81, 1);
    const viaProvider = await callAs<AddressData>(
      t.app,
      c.token,
      'POST',
      api('/spesa-address-form/save-new-address'),
      {
        payload: {
          ...HOME,
          addressName: 'Mamma',
          postalcode: '20900',
          city: 'Monza',
          province: 'MB',
          addressId: 1,
        },
      },
    );
    expect(viaProvider.body.response.status).toBe(0);
    expect(viaProvider.body.data.address.addressId).not.toBe(res.body.data.address.addressId);
    const list = await callAs<{ addresses: unknown[] }>(
      t.app,
      c.token,
      'GET',
      api('/user-address/list?address_type=home'),
    );
    expect(list.body.data.addresses).toHaveLength(2);
  });

  it('edits its own home address; SQL metacharacters are stored as plain text', async () => {
    const c = await newCustomer(t);
    const id = (await addHome(c.token)).body.data.address.addressId;
    const street = "Via dell'Olmo'; DROP TABLE addresses; --";
    const res = await addHome(c.token, { addressId: id, address1: street, floor: '4' });
    expect(res.body.response.status).toBe(0);
    const view = await callAs<{ address1: string; floor: string }>(
      t.app,
      c.token,
      'GET',
      api(`/user-address/view?address_id=${id}`),
    );
    expect(view.body.data).toMatchObject({ address1: street, floor: '4' });
  });

  it.each([
    [{ postalcode: '123' }, 'postalcode', 'Il CAP deve essere di 4 o 5 cifre.'],
    [{ postalcode: 'abcde' }, 'postalcode', 'Il CAP deve essere di 4 o 5 cifre.'],
    [{ postalcode: '' }, 'postalcode', 'Campo obbligatorio.'],
    [{ phone: '12ab' }, 'phone', 'Digitare un numero di telefono valido'],
    [{ phone: '' }, 'phone', 'Campo obbligatorio.'],
    [{ address1: '   ' }, 'address1', 'Campo obbligatorio.'],
    [{ addressName: 'x'.repeat(5000) }, 'addressName', 'Lunghezza massima 40 caratteri'],
    [{ otherInfo: 'x'.repeat(5000) }, 'otherInfo', 'Lunghezza massima 200 caratteri'],
    [{ province: 'Como' }, 'province', 'Il campo deve essere lungo 2 caratteri'],
    [{ latitude: 123 }, 'latitude', undefined],
    [{ addressId: -4 }, 'addressId', undefined],
  ])('refuses %j with the field message', async (patch, field, message) => {
    const c = await newCustomer(t);
    const res = await addHome(c.token, patch);
    expect(res.statusCode).toBe(400);
    expect(res.body.response.status).toBe(2);
    const error = res.body.response.errors.find((e) => (e as { field?: string }).field === field);
    expect(error).toBeDefined();
    if (message) expect(error?.error).toBe(message);
  });

  it.each([
    [{ postalcode: '00184', city: 'Roma', province: 'RM' }, 'msg.address.outOfArea'],
    [{ postalcode: '21100', city: 'Varese', province: 'VA' }, 'msg.address.outOfArea'],
    [{ postalcode: '22100', city: 'Como', province: 'MI' }, 'msg.address.capProvince'],
  ])('refuses an address outside the served area: %j', async (patch, code) => {
    const c = await newCustomer(t);
    const res = await addHome(c.token, patch);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).not.toBe(0);
    expect(res.body.response.errors[0]?.code).toBe(code);
  });

  it('accepts a city that does not match the CAP (the client asked "save anyway?")', async () => {
    const c = await newCustomer(t);
    const res = await addHome(c.token, { city: 'Comoo' });
    expect(res.body.response.status).toBe(0);
  });

  it('only home-type addresses can be edited or deleted', async () => {
    const c = await newCustomer(t);
    const work = await addWork(c.userId);
    const edit = await addHome(c.token, { addressId: work });
    expect(edit.body.response.errors[0]?.code).toBe('msg.address.notEditable');
    const del = await callAs(t.app, c.token, 'GET', api(`/user-address/delete?address_id=${work}`));
    expect(del.body.response.errors[0]?.error).toBe(
      'Solo gli indirizzi di casa possono essere modificati o eliminati.',
    );
  });
});

describe('POST /address/check and /user-address/check', () => {
  it('valid when status is 0; a clear message out of the area; "not validated" when city and CAP disagree', async () => {
    const c = await newCustomer(t);
    const ok = await callAs<{ zoneId: number; deliveryFee: number; city: string }>(
      t.app,
      null,
      'POST',
      api('/address/check'),
      {
        payload: { postalcode: '23100', city: 'sondrio', province: 'SO' },
      },
    );
    expect(ok.body.response.status).toBe(0);
    expect(ok.body.data).toMatchObject({ zoneId: 21, city: 'Sondrio', deliveryFee: 3.9 });
    const far = await callAs(t.app, c.token, 'POST', api('/user-address/check'), {
      payload: { postalcode: '00184', city: 'Roma' },
    });
    expect(far.body.response.status).toBe(1);
    expect(far.body.response.errors[0]?.error).toBe(
      'Ci dispiace, la consegna a domicilio non è disponibile per questo indirizzo.',
    );
    const mismatch = await callAs(t.app, c.token, 'POST', api('/user-address/check'), {
      payload: { postalcode: '22100', city: 'Lecco' },
    });
    expect(mismatch.body.response.errors[0]?.code).toBe('msg.address.notValidated');
    const short = await callAs(t.app, null, 'POST', api('/address/check'), {
      payload: { postalcode: '221' },
    });
    expect(short.statusCode).toBe(400);
  });
});

describe('other customers’ addresses', () => {
  it('are answered exactly like ids that do not exist, for every call', async () => {
    const owner = await newCustomer(t, { tag: 'owner' });
    const other = await newCustomer(t, { tag: 'other', legalIds: [2] });
    const id = (await addHome(owner.token)).body.data.address.addressId;
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', `/user-address/view?address_id=${id}`],
      ['GET', `/address/view?address_id=${id}`],
      ['GET', `/user-address/delete?address_id=${id}`],
      ['POST', `/user-address/select?address_id=${id}`],
      ['GET', `/user-address/preview?address_id=${id}`],
      ['GET', `/spesa-address-class-controller/set-address-class-id?address_id=${id}&address_class_id=1`],
      ['POST', '/user-address/update', { ...HOME, addressId: id }],
    ];
    for (const [method, path, payload] of calls) {
      const theirs = await callAs(t.app, other.token, method, api(path), payload ? { payload } : {});
      expect(theirs.body.response.status, path).toBe(404);
      expect(theirs.body.response.errors[0]?.error, path).toBe('Indirizzo non trovato.');
    }
    const still = await callAs<{ addressName: string }>(
      t.app,
      owner.token,
      'GET',
      api(`/user-address/view?address_id=${id}`),
    );
    expect(still.body.data.addressName).toBe('Casa');
    const anonymous = await callAs(t.app, null, 'GET', api(`/address/view?address_id=${id}`));
    expect(anonymous.body.response.status).toBe(404);
  });
});

describe('selecting and deleting', () => {
  it('the address in use by the cart cannot be deleted; after choosing another it can', async () => {
    const c = await newCustomer(t);
    const id = (await addHome(c.token)).body.data.address.addressId;
    const sel = await callAs<CartData>(t.app, c.token, 'POST', api(`/user-address/select?address_id=${id}`));
    expect(sel.body.data).toMatchObject({
      deliveryServiceId: 2,
      shippingAddress: { addressId: id, autoAssigned: false },
      store: { storeId: 2 },
      deliveryFee: 3.9,
    });
    const refused = await callAs(t.app, c.token, 'GET', api(`/user-address/delete?address_id=${id}`));
    expect(refused.body.response.status).toBe(1);
    expect(refused.body.response.errors[0]?.error).toBe(IN_USE);
    await callAs(t.app, c.token, 'POST', api('/store/select?store_id=2'));
    const deleted = await callAs(t.app, c.token, 'GET', api(`/user-address/delete?address_id=${id}`));
    expect(deleted.body.response.status).toBe(0);
    const gone = await callAs(t.app, c.token, 'GET', api(`/user-address/view?address_id=${id}`));
    expect(gone.body.response.status).toBe(404);
    const twice = await callAs(t.app, c.token, 'GET', api(`/user-address/delete?address_id=${id}`));
    expect(twice.body.response.status).toBe(404);
  });

  it('a service the address does not offer is refused; preview changes nothing', async () => {
    const c = await newCustomer(t);
    // the cart exists before the first address (otherwise that address would be auto-assigned to it)
    await callAs(t.app, c.token, 'GET', api('/cart/view'));
    const id = (await addHome(c.token)).body.data.address.addressId;
    const wrong = await callAs(
      t.app,
      c.token,
      'POST',
      api(`/user-address/select?address_id=${id}&delivery_service_id=1`),
    );
    expect(wrong.body.response.errors[0]?.code).toBe('msg.address.serviceNotAvailable');
    const bad = await callAs(
      t.app,
      c.token,
      'POST',
      api(`/user-address/select?address_id=${id}&delivery_service_id=99`),
    );
    expect(bad.statusCode).toBe(400);
    const preview = await callAs<CartData>(
      t.app,
      c.token,
      'GET',
      api(`/user-address/preview?address_id=${id}`),
    );
    expect(preview.body.data.shippingAddress?.addressId).toBe(id);
    const cart = await callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'));
    expect(cart.body.data.shippingAddress).toBeNull();
  });

  it('cart status 7 blocks the address change', async () => {
    const c = await newCustomer(t);
    const first = await callAs<CartData>(t.app, c.token, 'POST', api('/store/select?store_id=2'));
    await new CartRepository(t.db).setStatus(first.body.data.cartId, 7);
    const res = await callAs(t.app, c.token, 'POST', api('/store/select?store_id=3'));
    expect(res.body.response.errors[0]?.code).toBe('msg.cart.locked');
    const cart = await callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'));
    expect(cart.body.data).toMatchObject({ cartStatusId: 7, store: { storeId: 2 } });
  });

  it('the favourite store floats to the top of the proximity list with its star', async () => {
    const c = await newCustomer(t);
    const set = await callAs<CartData>(t.app, c.token, 'GET', api('/store-proximity/select?store_id=19'));
    expect(set.body.response.status).toBe(0);
    expect(set.body.response.infosMessage).toEqual(['Negozio preferito aggiornato.']);
    const list = await callAs<{ addresses: Array<{ addressId: number; preferred: boolean }> }>(
      t.app,
      c.token,
      'GET',
      api('/store-proximity/localize?latitude=45.4642&longitude=9.19&distance=200000'),
    );
    expect(list.body.data.addresses[0]).toMatchObject({ addressId: 19, preferred: true });
    expect(list.body.data.addresses.filter((a) => a.preferred)).toHaveLength(1);
    const notStore = await callAs(t.app, c.token, 'GET', api('/store-proximity/select?store_id=52'));
    expect(notStore.body.response.status).toBe(404);
  });
});

describe('the elderly address (legal id 2 or 3)', () => {
  const setClass = (token: string, id: number, classId: number) =>
    callAs<AddressData>(
      t.app,
      token,
      'GET',
      api(
        `/spesa-address-class-controller/set-address-class-id?address_id=${id}&address_class_id=${classId}`,
      ),
    );

  it('is refused to customers without the entitlement', async () => {
    const c = await newCustomer(t);
    const id = (await addHome(c.token)).body.data.address.addressId;
    const res = await setClass(c.token, id, 1);
    expect(res.body.response.errors[0]?.code).toBe('msg.address.elderlyNotEntitled');
  });

  it('one non-work address gets class 1 and the discounted fee; a second one or a work address is refused', async () => {
    const c = await newCustomer(t, { legalIds: [3] });
    const home = (await addHome(c.token)).body.data.address.addressId;
    const second = (
      await addHome(c.token, { addressName: 'Casa al lago', postalcode: '22017', city: 'Menaggio' })
    ).body.data.address.addressId;
    const work = await addWork(c.userId);
    await callAs(t.app, c.token, 'POST', api(`/user-address/select?address_id=${home}`));
    const before = await callAs<{ deliveryFee: number; elderly: boolean }>(
      t.app,
      c.token,
      'GET',
      api('/delivery-fee/view'),
    );
    expect(before.body.data).toMatchObject({ deliveryFee: 3.9, elderly: false });

    const marked = await setClass(c.token, home, 1);
    expect(marked.body.response.status).toBe(0);
    expect(marked.body.data.address.addressClass).toEqual([
      expect.objectContaining({ addressClassId: 1, addressClassGroup: { addressClassGroupId: 1 } }),
    ]);
    const after = await callAs<{ deliveryFee: number; deliveryFeeStandard: number; elderly: boolean }>(
      t.app,
      c.token,
      'GET',
      api('/delivery-fee/view'),
    );
    expect(after.body.data).toMatchObject({ deliveryFee: 1.9, deliveryFeeStandard: 3.9, elderly: true });
    const cart = await callAs<CartData>(t.app, c.token, 'GET', api('/cart/view'));
    expect(cart.body.data.deliveryFee).toBe(1.9);

    const again = await setClass(c.token, second, 1);
    expect(again.body.response.errors[0]?.code).toBe('msg.address.elderlyAlready');
    const atWork = await setClass(c.token, work, 1);
    expect(atWork.body.response.errors[0]?.code).toBe('msg.address.elderlyWork');
    // two at once: the unique index lets one win at most
    await setClass(c.token, home, 0);
    const race = await Promise.all([setClass(c.token, home, 1), setClass(c.token, second, 1)]);
    expect(race.filter((r) => r.body.response.status === 0)).toHaveLength(1);
    const bad = await callAs(
      t.app,
      c.token,
      'GET',
      api(`/spesa-address-class-controller/set-address-class-id?address_id=${home}&address_class_id=7`),
    );
    expect(bad.statusCode).toBe(400);
  });
});
