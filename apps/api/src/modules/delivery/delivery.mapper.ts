import {
  ADDRESS_CLASS_ELDERLY,
  ADDRESS_TYPE,
  type Address,
  type AddressTypeName,
  type City,
  type DeliveryService,
  type Store,
  type Warehouse,
} from '@spesa/shared/contracts/delivery';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { AddressRow, CityRow, DeliveryServiceRow, WarehouseRow } from './delivery.repository';
import type { DeliveryTarget } from './delivery.service';

/** Wire shapes of the delivery rows (spec section 3, wire notes): the one place names are translated. */

const TYPE_NAME = new Map<number, AddressTypeName>(
  Object.entries(ADDRESS_TYPE).map(([name, id]) => [id, name as AddressTypeName]),
);
export const addressTypeName = (addressTypeId: number): AddressTypeName =>
  TYPE_NAME.get(addressTypeId) ?? 'home';

export const ELDERLY_CLASS = {
  addressClassId: ADDRESS_CLASS_ELDERLY,
  name: 'Servizio anziani',
  addressClassGroup: { addressClassGroupId: 1 },
  iconSource: '/media/icons/older-person.svg',
};

const round = (n: number) => Math.round(n);

export function toDeliveryService(s: DeliveryServiceRow): DeliveryService {
  return {
    deliveryServiceId: s.deliveryServiceId,
    name: s.name,
    descr: s.descr,
    cssClass: s.cssClass,
    iconSource: s.iconSource,
    showTab: s.showTab,
  };
}

export function addressDescr(a: {
  address1: string;
  addressNumber: string;
  postalCode: string;
  city: string;
  province: string;
}): string {
  const street = [a.address1, a.addressNumber].filter(Boolean).join(' ');
  return `${street}, ${a.postalCode} ${a.city} (${a.province})`;
}

export function toAddress(
  a: AddressRow,
  opts: { preferred?: boolean; autoAssigned?: boolean; distance?: number | null } = {},
): Address {
  const addressType = addressTypeName(a.addressTypeId);
  return {
    addressId: a.addressId,
    addressName: a.addressName,
    addressType,
    addressTypeId: a.addressTypeId,
    deliveryServiceId: a.deliveryServiceId,
    zoneId: a.zoneId,
    warehouseId: a.warehouseId,
    autoAssigned: opts.autoAssigned ?? false,
    active: a.active,
    receiverName: a.receiverName,
    address1: a.address1,
    addressNumber: a.addressNumber,
    city: a.city,
    province: a.province,
    postalcode: a.postalCode,
    countryId: a.countryId,
    otherInfo: a.otherInfo,
    floor: a.floor,
    elevator: a.elevator,
    stair: a.stair,
    apartment: a.apartment,
    phone: a.phone,
    latitude: a.latitude,
    longitude: a.longitude,
    addressDescr: addressDescr(a),
    addressClass: a.addressClassId === ADDRESS_CLASS_ELDERLY ? [ELDERLY_CLASS] : [],
    preferred: opts.preferred ?? false,
    editable: a.userId !== null && a.addressTypeId === ADDRESS_TYPE.home,
    ...(opts.distance !== undefined && opts.distance !== null ? { distance: round(opts.distance) } : {}),
  };
}

export function toWarehouse(w: WarehouseRow, services: ReadonlyMap<number, DeliveryServiceRow>): Warehouse {
  return {
    warehouseId: w.warehouseId,
    name: w.name,
    slug: w.slug,
    warehouseType: w.warehouseType,
    parentWarehouseId: w.parentWarehouseId,
    address: {
      addressId: w.addressId,
      addressName: w.addressName ?? w.name,
      address1: w.address1 ?? '',
      addressNumber: w.addressNumber ?? '',
      city: w.city ?? '',
      province: w.province ?? '',
      postalcode: w.postalCode ?? '',
      latitude: w.latitude,
      longitude: w.longitude,
    },
    metaData: { warehouse_locator: { PHONE: w.phone } },
    serviceHours: { default: w.serviceHours },
    deliveryServices: w.serviceIds
      .map((id) => services.get(id))
      .filter((s): s is DeliveryServiceRow => s !== undefined)
      .map(toDeliveryService),
    ...(w.distance !== null ? { distance: round(w.distance) } : {}),
  };
}

export const toStore = (w: WarehouseRow, services: ReadonlyMap<number, DeliveryServiceRow>): Store => ({
  storeId: w.warehouseId,
  ...toWarehouse(w, services),
});

export function toCity(c: CityRow): City {
  return {
    istat: c.istat,
    name: c.name,
    province: c.province,
    postalcodes: c.postalCodes ?? [],
    latitude: c.latitude,
    longitude: c.longitude,
    homeDelivery: c.homeDelivery,
    ...(c.distance !== null ? { distance: round(c.distance) } : {}),
  };
}

/** Where a cart delivers (and an order keeps a copy of), as the cart and the order show it. */
export function shippingAddressOf(
  target: DeliveryTarget,
  opts: { autoAssigned: boolean; withClasses: boolean },
): NonNullable<Cart['shippingAddress']> {
  const a = target.address;
  return {
    addressId: a.addressId,
    deliveryServiceId: target.deliveryServiceId,
    zoneId: target.zone?.zoneId ?? null,
    autoAssigned: opts.autoAssigned,
    addressName: a.addressName,
    address1: a.address1,
    addressNumber: a.addressNumber,
    city: a.city,
    province: a.province,
    postalcode: a.postalCode,
    addressTypeId: a.addressTypeId,
    addressType: addressTypeName(a.addressTypeId),
    addressClass: opts.withClasses ? toAddress(a).addressClass : [],
  };
}
