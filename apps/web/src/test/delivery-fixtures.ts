import type { Cart } from '@spesa/shared/contracts/cart';
import type { Address, DeliveryService, Timeslot, TimeslotDay } from '@spesa/shared/contracts/delivery';

export const deliveryServices: DeliveryService[] = [
  {
    deliveryServiceId: 1,
    name: 'Ritiro in negozio',
    descr: '',
    cssClass: 'drive',
    iconSource: '',
    showTab: true,
  },
  {
    deliveryServiceId: 2,
    name: 'Consegna a domicilio',
    descr: '',
    cssClass: 'home',
    iconSource: '',
    showTab: true,
  },
  {
    deliveryServiceId: 3,
    name: 'Consegna al lavoro',
    descr: '',
    cssClass: 'work',
    iconSource: '',
    showTab: false,
  },
  {
    deliveryServiceId: 10000,
    name: 'Ritiro al Locker',
    descr: '',
    cssClass: 'locker',
    iconSource: '',
    showTab: true,
  },
];

export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    addressId: 1001,
    addressName: 'Casa',
    addressType: 'home',
    addressTypeId: 2,
    deliveryServiceId: 2,
    zoneId: 5,
    warehouseId: 3,
    autoAssigned: false,
    active: true,
    receiverName: 'Mario Rossi',
    address1: 'Via Dante',
    addressNumber: '12',
    city: 'Milano',
    province: 'MI',
    postalcode: '20121',
    countryId: 1,
    otherInfo: '',
    floor: '',
    elevator: false,
    stair: '',
    apartment: '',
    phone: '3331234567',
    latitude: 45.46,
    longitude: 9.18,
    addressDescr: 'Via Dante 12, 20121 Milano (MI)',
    addressClass: [],
    preferred: false,
    editable: true,
    ...overrides,
  };
}

export const storeComo = makeAddress({
  addressId: 4,
  addressName: 'Spesa Como Camerlata',
  addressType: 'drive',
  addressTypeId: 4,
  deliveryServiceId: 1,
  zoneId: null,
  warehouseId: 4,
  city: 'Como',
  province: 'CO',
  addressDescr: 'Viale Innocenzo XI 70, 22100 Como (CO)',
  editable: false,
  distance: 1800,
});
export const storeCantu = makeAddress({
  ...storeComo,
  addressId: 5,
  addressName: 'Spesa Cantù',
  warehouseId: 5,
  city: 'Cantù',
  addressDescr: 'Via Milano 31, 22063 Cantù (CO)',
  distance: 9200,
});

export function makeCart(overrides: Partial<Cart> = {}): Cart {
  return {
    cartId: 1,
    user: { userId: 7 },
    cartStatusId: 0,
    deliveryServiceId: null,
    store: { storeId: 1, name: 'Catalogo Globale', autoAssigned: true },
    warehouse: { warehouseId: 1, name: 'Catalogo Globale' },
    shippingAddress: null,
    timeslot: null,
    cartInfos: {},
    cartItems: [],
    totalItems: 0,
    deliveryFee: 0,
    ...overrides,
  };
}

export const cartAt = (a: Address, timeslot: Cart['timeslot'] = null): Cart =>
  makeCart({
    deliveryServiceId: a.deliveryServiceId,
    shippingAddress: {
      addressId: a.addressId,
      deliveryServiceId: a.deliveryServiceId,
      zoneId: a.zoneId,
      autoAssigned: false,
      addressName: a.addressName,
      address1: a.address1,
      addressNumber: a.addressNumber,
      city: a.city,
      province: a.province,
      postalcode: a.postalcode,
      addressTypeId: a.addressTypeId,
      addressType: a.addressType,
      addressClass: a.addressClass,
    },
    timeslot,
  });

export function makeSlot(overrides: Partial<Timeslot> = {}): Timeslot {
  return {
    timeslotId: 1,
    beginTime: '09:00',
    endTime: '10:00',
    status: 'available',
    active: 1,
    selected: false,
    underLeadTime: false,
    underLockDay: false,
    underLockCutoff: false,
    deliveryDayPeriodId: 1,
    available: 20,
    ...overrides,
  };
}

export function makeDays(today: string): TimeslotDay[] {
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return [
    {
      dateIso: today,
      weekDay: 1,
      selected: false,
      timeslots: [
        makeSlot({ timeslotId: 1, status: 'full', active: 0, available: 0 }),
        makeSlot({
          timeslotId: 2,
          beginTime: '10:00',
          endTime: '11:00',
          status: 'almost-full',
          available: 3,
        }),
        makeSlot({ timeslotId: 3, beginTime: '15:00', endTime: '16:00', deliveryDayPeriodId: 2 }),
      ],
    },
    {
      dateIso: next.toISOString().slice(0, 10),
      weekDay: 2,
      selected: false,
      timeslots: [makeSlot({ timeslotId: 1 })],
    },
  ];
}
