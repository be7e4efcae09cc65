import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { Address } from '@spesa/shared/contracts/delivery';
import type { Envelope, RootUser } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import {
  callsTo,
  failure,
  mockApi,
  okAs,
  SIGNED_IN_USER,
  wp,
  type ApiHandlers,
} from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import {
  cartAt,
  deliveryServices,
  makeAddress,
  makeCart,
  makeDays,
  storeCantu,
  storeComo,
} from '../../../test/delivery-fixtures';
import { resetAuthState } from '../../../lib/auth-state';
import { resetDeliveryDialogs } from '../../../lib/delivery-dialog-store';
import { todayIso } from '../utils/format-slot';

// Leaflet needs a real layout engine: the map is a lazy chunk; here a stub stands in for it
vi.mock('./store-map', () => ({ StoreMap: () => <div data-testid="store-map" /> }));

const selectorCategory = {
  categoryId: 3,
  parentId: null,
  slug: 'service-selector',
  name: 'Scegli come ricevere la spesa',
  level: 0,
  metaData: { category_info: { DESCRIPTION: 'Ritira in negozio, ricevi a casa o scegli un locker.' } },
  categoryBlocks: [],
};
const home = makeAddress({ preferred: true });
const work = makeAddress({
  addressId: 1002,
  addressName: 'Ufficio',
  addressType: 'work',
  addressTypeId: 3,
  deliveryServiceId: 3,
  address1: 'Via Gustavo Fara',
  addressDescr: 'Via Gustavo Fara 28, 20124 Milano (MI)',
  editable: false,
});

/** A tab that starts signed in (the login flag of session storage, decision 012). */
function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
  resetDeliveryDialogs();
}

function mockDelivery(
  over: ApiHandlers & { cart?: () => Cart; addresses?: Address[]; user?: RootUser } = {},
) {
  let cart = over.cart?.() ?? makeCart();
  const { cart: _c, addresses = [home, work], user = SIGNED_IN_USER, ...handlers } = over;
  const ok = <T,>(data: T) => okAs(user, data);
  return mockApi({
    '/category': (url) =>
      url.searchParams.get('slug') ? ok({ category: selectorCategory }) : ok({ categories: categoryTree }),
    '/cart/view': () => ok(cart),
    '/user-address/delivery-service-list': (url) => {
      const id = Number(url.searchParams.get('delivery_service_id'));
      const rows = id === 2 ? addresses : id === 1 ? [storeComo, storeCantu] : [];
      return ok({ deliveryServices, addresses: rows });
    },
    '/user-address/select': (url) => {
      const id = Number(url.searchParams.get('address_id'));
      const a = [...addresses, storeComo, storeCantu].find((x) => x.addressId === id)!;
      cart = cartAt(a);
      return ok(cart);
    },
    '/timeslot/list': () => ok({ deliveryServiceId: 1, days: makeDays(todayIso()) }),
    '/timeslot/select': (url) => {
      cart = {
        ...cart,
        timeslot: {
          date: url.searchParams.get('sel_date')!,
          timeslotId: Number(url.searchParams.get('timeslot_id')),
          autoAssigned: false,
          beginTime: '10:00',
          endTime: '11:00',
          deliveryDayPeriodId: 1,
        },
      };
      return ok(cart);
    },
    ...handlers,
  });
}

async function openSelector() {
  const app = renderApp('/cart');
  const group = await screen.findByRole('group', { name: 'Come ricevi la spesa' });
  const main = await within(group).findByRole('button', {
    name: /^Consegna a domicilio\s*:\s*Casa, Via Dante 12/,
  });
  await app.user.click(main);
  const dialog = await screen.findByRole('dialog', { name: 'Scegli come ricevere la spesa' });
  return { ...app, dialog, main };
}

describe('Service indicator and address selector', () => {
  it('shows the cart’s service, address and slot prompt; the tabs are the services with showTab', async () => {
    signedIn();
    mockDelivery({ cart: () => cartAt(home) });
    const { dialog } = await openSelector();
    expect(
      await screen.findByText('Ritira in negozio, ricevi a casa o scegli un locker.'),
    ).toBeInTheDocument();
    const d = within(dialog);
    const tabs = d.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Ritiro in negozio', 'Consegna a domicilio', 'Locker']);
    expect(d.getByRole('tab', { name: 'Consegna a domicilio' })).toHaveAttribute('aria-selected', 'true');
    const casa = await d.findByRole('radio', { name: /^Casa/ });
    expect(casa).toHaveAttribute('aria-checked', 'true');
    expect(within(casa).getByRole('img', { name: 'Indirizzo preferito' })).toBeInTheDocument();
    const ufficio = d.getByRole('radio', { name: /^Ufficio/ });
    expect(within(ufficio).getByRole('img', { name: 'Indirizzo di consegna al lavoro' })).toBeInTheDocument();
    // only home addresses can be edited or deleted
    expect(d.getByRole('button', { name: "Elimina l'indirizzo Casa" })).toBeInTheDocument();
    expect(d.queryByRole('button', { name: "Elimina l'indirizzo Ufficio" })).toBeNull();
    expect(d.getByRole('button', { name: 'AGGIUNGI INDIRIZZO' })).toBeInTheDocument();
  });

  it('filters the rows by name, street or city, case-insensitively', async () => {
    signedIn();
    mockDelivery({ cart: () => cartAt(home) });
    const { dialog, user } = await openSelector();
    const d = within(dialog);
    await d.findByRole('radio', { name: /^Casa/ });
    await user.type(d.getByRole('searchbox', { name: 'Cerca per nome, via o città' }), 'FARA');
    expect(d.queryByRole('radio', { name: /^Casa/ })).toBeNull();
    expect(d.getByRole('radio', { name: /^Ufficio/ })).toBeInTheDocument();
    await user.clear(d.getByRole('searchbox'));
    await user.type(d.getByRole('searchbox'), 'roma');
    expect(d.getByText('Nessun indirizzo corrisponde alla ricerca.')).toBeInTheDocument();
  });

  it('Drive: the arrows move, Enter chooses the store, then the slot picker follows and saves the slot', async () => {
    signedIn();
    const fetchMock = mockDelivery({ cart: () => cartAt(home) });
    const { dialog, user, main } = await openSelector();
    await user.click(within(dialog).getByRole('tab', { name: 'Ritiro in negozio' }));
    const como = await within(dialog).findByRole('radio', { name: /^Spesa Como Camerlata/ });
    expect(como).toHaveAccessibleDescription(/a 1,8 km/);
    // focus moves as the keyboard would bring it there (the roving tab stop follows it)
    act(() => como.focus());
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /^Spesa Cantù/ })).toHaveFocus();
    expect(callsTo(fetchMock, '/user-address/select')).toHaveLength(0);
    await user.keyboard('{ArrowUp}{Enter}');

    const picker = await screen.findByRole('dialog', { name: 'Scegli la fascia oraria' });
    expect(callsTo(fetchMock, '/user-address/select')[0]?.searchParams.get('address_id')).toBe('4');
    const p = within(picker);
    expect(await p.findByRole('tab', { name: /^OGGI/ })).toHaveAttribute('aria-selected', 'true');
    const full = p.getByRole('radio', { name: '09:00–10:00, esaurita, non selezionabile' });
    expect(full).toHaveAttribute('aria-disabled', 'true');
    await user.click(full);
    expect(callsTo(fetchMock, '/timeslot/select')).toHaveLength(0);
    // the morning/afternoon filter
    await user.click(p.getByRole('radio', { name: 'Pomeriggio' }));
    expect(p.queryByRole('radio', { name: /^10:00–11:00/ })).toBeNull();
    await user.click(p.getByRole('radio', { name: 'Tutte' }));
    await user.click(p.getByRole('radio', { name: '10:00–11:00, quasi esaurita' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, '/timeslot/select')[0]?.searchParams.get('timeslot_id')).toBe('2');
    // the indicator shows the store and the slot; the focus is back on the button that opened the chain
    const group = screen.getByRole('group', { name: 'Come ricevi la spesa' });
    expect(
      await within(group).findByRole('button', { name: /Ritiro in negozio\s*:\s*Spesa Como Camerlata/ }),
    ).toBe(main);
    expect(
      within(group).getByRole('button', { name: /^Fascia oraria\s*:\s*Oggi 10:00–11:00/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(main).toHaveFocus());
  });

  it('a day without any slot (a closed Sunday) says so whatever the period, not "in questo momento"', async () => {
    signedIn();
    const [today, tomorrow] = makeDays(todayIso());
    mockDelivery({
      cart: () => cartAt(home),
      '/timeslot/list': () =>
        okAs(SIGNED_IN_USER, {
          deliveryServiceId: 2,
          days: [{ ...today!, weekDay: 7, timeslots: [] }, tomorrow!],
        }),
    });
    const app = renderApp('/cart');
    const group = await screen.findByRole('group', { name: 'Come ricevi la spesa' });
    await within(group).findByRole('button', { name: /^Consegna a domicilio\s*:\s*Casa/ });
    await app.user.click(within(group).getByRole('button', { name: /fascia oraria/i }));
    const p = within(await screen.findByRole('dialog'));
    await app.user.click(await p.findByRole('tab', { name: /^OGGI/ }));
    expect(p.getByRole('radio', { name: 'Tutte' })).toBeChecked();
    const message = p.getByRole('status');
    expect(message).toHaveTextContent(
      'Per oggi non ci sono fasce orarie prenotabili: scegli un altro giorno.',
    );
    expect(message).not.toHaveTextContent(/momento della giornata/);
    // a filter that empties a day with slots keeps saying that the period has none
    await app.user.click(p.getByRole('tab', { name: /^(?!OGGI)/ }));
    await app.user.click(p.getByRole('radio', { name: 'Pomeriggio' }));
    expect(p.getByRole('status')).toHaveTextContent(/al pomeriggio/);
  });

  it('the day’s notices of the cart’s service show above the slots; following one closes the picker', async () => {
    signedIn();
    const notice = {
      id: 9,
      title: 'Natale: il 25 e il 26 dicembre siamo chiusi',
      description: 'Prenota per tempo.',
      img: null,
      link: '/page/servizi',
      validFrom: todayIso(),
      validTo: todayIso(),
      deliveryServiceIds: [],
    };
    const fetchMock = mockDelivery({
      cart: () => cartAt(home),
      '/p/wp-json/spesa/v1/slides': (url) =>
        wp(url.searchParams.get('deliveryServiceId') === '2' ? [notice] : []),
    });
    const app = renderApp('/cart');
    const group = await screen.findByRole('group', { name: 'Come ricevi la spesa' });
    // the cart read: its address shown
    await within(group).findByRole('button', { name: /^Consegna a domicilio\s*:\s*Casa/ });
    await app.user.click(within(group).getByRole('button', { name: /fascia oraria/i }));
    // (its title is the 'timeslot' content page's name, which this mock answers with the selector's)
    const picker = within(await screen.findByRole('dialog'));
    const notices = await picker.findByRole('list', { name: 'Avvisi per il giorno scelto' });
    expect(notices).toHaveTextContent('Natale: il 25 e il 26 dicembre siamo chiusiPrenota per tempo.');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/p/wp-json/spesa/v1/slides');
    expect(asked.at(-1)?.searchParams.get('day')).toBe(todayIso().replaceAll('-', ''));
    await app.user.click(within(notices).getByRole('link', { name: /^Scopri di più\s*:\s*Natale/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // (the page's lazy module loads before the router's location moves)
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/page/servizi'));
  });

  it('Drive: a refused position shows the spec’s alert', async () => {
    signedIn();
    mockDelivery({ cart: () => cartAt(home) });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    const { dialog, user } = await openSelector();
    await user.click(within(dialog).getByRole('tab', { name: 'Ritiro in negozio' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Usa la mia posizione' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'è necessario abilitare la localizzazione per utilizzare questa funzione',
    );
  });

  it('Drive: "Usa la mia posizione" within 10 km lists only the stores within 10 km, even before the answer', async () => {
    signedIn();
    const store = (addressId: number, addressName: string, latitude: number, longitude: number) =>
      makeAddress({ ...storeComo, addressId, warehouseId: addressId, addressName, latitude, longitude });
    // the seed's pickup points: the customer stands in Milano Città Studi
    const cittaStudi = store(11, 'Spesa Milano Città Studi', 45.4781, 9.2262);
    const navigli = store(12, 'Spesa Milano Navigli', 45.4497, 9.1697);
    const bergamo = store(13, 'Spesa Bergamo', 45.6821, 9.6604);
    const brescia = store(14, 'Spesa Brescia', 45.5581, 10.2263);
    const fetchMock = mockDelivery({
      cart: () => cartAt(home),
      '/user-address/delivery-service-list': (url) => {
        const id = Number(url.searchParams.get('delivery_service_id'));
        const near = url.searchParams.has('latitude');
        const rows =
          id === 2 ? [home, work] : near ? [cittaStudi, navigli] : [cittaStudi, bergamo, brescia, navigli];
        return okAs(SIGNED_IN_USER, { deliveryServices, addresses: rows });
      },
    });
    // the nearby stores' answer is slow (a loaded server): the list on screen until then is the earlier one's
    let answerNear = () => {};
    const slow = new Promise<void>((resolve) => (answerNear = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('latitude=')) await slow;
      return fetchMock(input, init);
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 45.4781, longitude: 9.2272 } } as GeolocationPosition),
      },
    });
    const { dialog, user } = await openSelector();
    await user.click(await within(dialog).findByRole('tab', { name: 'Ritiro in negozio' }));
    expect(await within(dialog).findByRole('radio', { name: /^Spesa Bergamo/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Usa la mia posizione' }));
    expect(await within(dialog).findByText('Negozi entro 10 km dalla tua posizione')).toBeInTheDocument();
    const stores = () =>
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.textContent ?? '');
    await waitFor(() => expect(stores().some((s) => s.startsWith('Spesa Bergamo'))).toBe(false));
    expect(stores().some((s) => s.startsWith('Spesa Brescia'))).toBe(false);
    expect(stores().filter((s) => s.startsWith('Spesa Milano'))).toHaveLength(2);

    act(() => answerNear());
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/user-address/delivery-service-list').some(
          (u) => u.searchParams.get('distance') === '10000',
        ),
      ).toBe(true),
    );
    expect(stores().filter((s) => s.startsWith('Spesa'))).toHaveLength(2);
  });

  it('asks before deleting and shows the server’s refusal for the address in use', async () => {
    signedIn();
    const refusal = "Non è possibile eliminare l'indirizzo selezionato per la consegna della spesa.";
    const fetchMock = mockDelivery({
      cart: () => cartAt(home),
      '/user-address/delete': () => {
        const reply = failure(1, refusal) as { envelope: Envelope<null> };
        return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
      },
    });
    const { dialog, user } = await openSelector();
    await user.click(await within(dialog).findByRole('button', { name: "Elimina l'indirizzo Casa" }));
    const confirm = await screen.findByRole('dialog', { name: "Eliminare l'indirizzo?" });
    expect(callsTo(fetchMock, '/user-address/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('elderly customers read and accept the notice first, then mark one address', async () => {
    signedIn();
    const anna = { ...SIGNED_IN_USER, firstName: 'Anna', legals: [{ legalId: 2 }] };
    const marked = makeAddress({
      addressClass: [
        { addressClassId: 1, name: 'Anziani', addressClassGroup: { addressClassGroupId: 1 }, iconSource: '' },
      ],
    });
    let addresses = [home];
    const fetchMock = mockDelivery({
      user: anna,
      cart: () => cartAt(home),
      '/user-address/delivery-service-list': () => okAs(anna, { deliveryServices, addresses }),
      '/spesa-address-class-controller/set-address-class-id': () => {
        addresses = [marked];
        return okAs(anna, { address: marked });
      },
      '/user-address/preview': () => okAs(anna, { ...cartAt(marked), deliveryFee: 1.9 }),
      '/user-address/check': () =>
        okAs(anna, {
          deliveryServiceId: 2,
          zoneId: 5,
          warehouseId: 3,
          city: 'Milano',
          province: 'MI',
          postalcode: '20121',
          deliveryFee: 3.9,
        }),
    });
    const { dialog, user } = await openSelector();
    const d = within(dialog);
    const notice = await d.findByRole('region', { name: 'Servizio anziani' });
    expect(d.queryByRole('radiogroup')).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Ho letto e accetto' }));
    await user.click(await d.findByRole('button', { name: 'Usa Casa per il servizio anziani' }));
    expect(
      await d.findByText('Consegna con il servizio anziani: 1,90 € invece di 3,90 €'),
    ).toBeInTheDocument();
    expect(
      callsTo(fetchMock, '/spesa-address-class-controller/set-address-class-id')[0]?.searchParams.get(
        'address_class_id',
      ),
    ).toBe('1');
  });
});
