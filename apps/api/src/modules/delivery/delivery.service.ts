import { ELDERLY_LEGAL_IDS } from '@spesa/shared/delivery/constants';
import { COUNTRIES } from '@spesa/shared/contracts/account';
import {
  ADDRESS_CLASS_ELDERLY,
  ADDRESS_TYPE,
  DELIVERY_SERVICE,
  HOME_DELIVERY_SERVICE_IDS,
  LOCKER_SERVICE_IDS,
  PROXIMITY_DEFAULT_METRES,
  type Address,
  type AddressFormOutput,
  type AddressTypeName,
  type addressCheckBodySchema,
  type City,
  type DeliveryService as DeliveryServiceWire,
  type Store,
  type Warehouse,
  type warehouseLocatorQuerySchema,
} from '@spesa/shared/contracts/delivery';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { failWith, fieldFail, ok, type Result } from '../../lib/result';
import type { DeliveryAccountPort, DeliveryCustomer } from './account-port';
import type { DeliveryParts } from './delivery-parts';
import { DELIVERY_INFO_TEXT, DELIVERY_TEXT } from './delivery.messages';
import { toAddress, toCity, toDeliveryService, toStore, toWarehouse } from './delivery.mapper';
import type {
  AddressRow,
  CityRow,
  DeliveryRepository,
  DeliveryServiceRow,
  Near,
  WarehouseFilter,
  WarehouseRow,
  ZoneRow,
} from './delivery.repository';
import { placeSearchKey } from './geo';
import type { CalendarTarget } from './timeslot.service';

type AddressCheckBody = z.output<typeof addressCheckBodySchema>;
type LocatorQuery = z.output<typeof warehouseLocatorQuerySchema>;

/** Legal entitlements giving the elderly service (spec sections 3, 5). */
const MAX_ADDRESSES = 20;
/** how far a reverse lookup or a coverage point looks for a comune */
const REVERSE_LOOKUP_METRES = 30_000;

/** Where the groceries go and from where: the cart's delivery part is built from this. */
export interface DeliveryTarget {
  address: AddressRow;
  deliveryServiceId: number;
  /** the store whose catalogue and prices apply, and the warehouse preparing the order */
  storeId: number;
  warehouseId: number;
  zone: ZoneRow | null;
  calendar: CalendarTarget;
}

/** Is this address in use by the customer's open cart? (the cart module answers) */
export interface AddressUsagePort {
  isAddressInUse(userId: number, addressId: number): Promise<boolean>;
}

const serviceOfType: Record<AddressTypeName, number> = {
  drive: DELIVERY_SERVICE.drive,
  locker: DELIVERY_SERVICE.locker,
  home: DELIVERY_SERVICE.home,
  work: DELIVERY_SERVICE.homeWork,
};

/** How long a process keeps a warehouse it read (a store edited in the back office shows within it). */
const WAREHOUSE_TTL_MS = 30_000;

/**
 * Delivery services, geography, stores and lockers, coverage and fees, and the customers' addresses
 * (spec sections 2-7). Customers only ever see and change their own addresses: another customer's id is
 * answered exactly like an id that does not exist.
 */
/** A subscription to the same work site committed by a simultaneous request. */
class WorkSubscribedMeanwhile extends Error {}

export class DeliveryService {
  private servicesCache: Promise<Map<number, DeliveryServiceRow>> | null = null;
  /**
   * Warehouses (stores, lockers, their pickup address and services) are read by every cart view, checkout
   * and order answer, and changed rarely (the back office edits a store's name, phone and hours): kept in
   * memory for 30 s, so every API process shows an edit within that time.
   */
  private readonly warehouseNameCache = new LRUCache<number, string>({ max: 1000, ttl: WAREHOUSE_TTL_MS });
  private readonly warehouseCache = new LRUCache<number, WarehouseRow>({ max: 1000, ttl: WAREHOUSE_TTL_MS });

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly accounts: DeliveryAccountPort,
    private readonly usage: AddressUsagePort,
  ) {}

  private services(): Promise<Map<number, DeliveryServiceRow>> {
    this.servicesCache ??= this.repo
      .listServices()
      .then((rows) => new Map(rows.map((r) => [r.deliveryServiceId, r])))
      .catch((error: unknown) => {
        this.servicesCache = null;
        throw error;
      });
    return this.servicesCache;
  }

  async deliveryServices(): Promise<DeliveryServiceWire[]> {
    return [...(await this.services()).values()].map(toDeliveryService);
  }

  private async customer(userId: number | null): Promise<DeliveryCustomer | null> {
    return userId === null ? null : this.accounts.customer(userId);
  }

  // ---------- geography ----------
  async provinceList(countryId: number, homeDeliveryOnly: boolean) {
    const rows = await this.repo.listProvinces(countryId, homeDeliveryOnly);
    return ok({
      provinces: rows.map((p) => ({
        provinceId: p.provinceId,
        name: p.name,
        code: p.code,
        countryId: p.countryId,
        homeDelivery: p.homeDelivery,
      })),
    });
  }

  countryList(homeDeliveryOnly: boolean) {
    const countries = COUNTRIES.map((c) => ({
      countryId: c.countryId,
      iso: c.iso,
      name: c.name,
      homeDelivery: c.iso === 'IT',
    })).filter((c) => !homeDeliveryOnly || c.homeDelivery);
    return ok({ countries });
  }

  async homeDeliveryList(homeDeliveryOnly: boolean): Promise<Result<{ cities: City[] }>> {
    return ok({ cities: (await this.repo.listCities(homeDeliveryOnly)).map(toCity) });
  }

  async citiesByPostalCode(postalCode: string): Promise<Result<{ cities: City[] }>> {
    const rows = await this.repo.citiesByPostalCode(postalCode);
    if (rows.length === 0) return failWith(DELIVERY_TEXT.capNotFound, 'notFound');
    return ok({ cities: rows.map(toCity) });
  }

  async placeSearch(q: string, limit: number): Promise<Result<{ cities: City[] }>> {
    const key = placeSearchKey(q);
    if (key === '') return ok({ cities: [] });
    return ok({ cities: (await this.repo.searchCities(key, limit)).map(toCity) });
  }

  async reverseLookup(latitude: number, longitude: number): Promise<Result<{ cities: City[] }>> {
    const rows = await this.repo.nearestCities({ latitude, longitude, metres: REVERSE_LOOKUP_METRES }, 5);
    if (rows.length === 0) return failWith(DELIVERY_TEXT.placeNotFound, 'notFound');
    return ok({ cities: rows.map(toCity) });
  }

  private async homeFee(zone: ZoneRow, elderly: boolean): Promise<number> {
    return elderly ? zone.elderlyFeeCents : zone.feeCents;
  }

  /** GeoJSON-like coverage of a point or a CAP for home delivery (features[0]). */
  async coverage(q: {
    latitude?: number | undefined;
    longitude?: number | undefined;
    postal_code?: string | undefined;
  }) {
    let city: CityRow | null = null;
    let postalCode = q.postal_code ?? '';
    if (q.postal_code) city = (await this.repo.citiesByPostalCode(q.postal_code))[0] ?? null;
    else if (q.latitude !== undefined && q.longitude !== undefined) {
      city =
        (
          await this.repo.nearestCities(
            { latitude: q.latitude, longitude: q.longitude, metres: REVERSE_LOOKUP_METRES },
            1,
          )
        )[0] ?? null;
      postalCode = city?.postalCodes[0] ?? '';
    }
    const zone = postalCode ? await this.repo.zoneOfPostalCode(postalCode) : null;
    const lng = q.longitude ?? city?.longitude ?? 0;
    const lat = q.latitude ?? city?.latitude ?? 0;
    return ok({
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [lng, lat] as [number, number] },
          properties: {
            covered: zone !== null,
            deliveryServiceId: zone ? DELIVERY_SERVICE.home : null,
            zoneId: zone?.zoneId ?? null,
            zoneName: zone?.name ?? null,
            warehouseId: zone?.warehouseId ?? null,
            city: city?.name ?? '',
            province: city?.province ?? '',
            postalcode: postalCode,
            deliveryFee: zone ? (await this.homeFee(zone, false)) / 100 : null,
          },
        },
      ],
    });
  }

  // ---------- stores, lockers, warehouse locator ----------
  private async warehousesOf(filter: WarehouseFilter): Promise<Warehouse[]> {
    const services = await this.services();
    return (await this.repo.listWarehouses(filter)).map((w) => toWarehouse(w, services));
  }

  /**
   * GET /warehouse-locator/search: by text (store name, street, city, province or CAP; when no store
   * matches, the text is taken as a comune and stores around it are listed), by coordinates, by province,
   * or the lockers of a store (parent_warehouse_id).
   */
  async warehouseLocator(q: LocatorQuery): Promise<Result<{ warehouses: Warehouse[] }>> {
    const text = q.text || q.q || '';
    const base: WarehouseFilter = {
      types: ['store', 'locker'],
      ...(q.services?.length ? { serviceIds: q.services } : {}),
      ...(q.parent_warehouse_id !== undefined ? { parentWarehouseId: q.parent_warehouse_id } : {}),
      ...(q.province ? { province: q.province } : {}),
    };
    const metres = q.distance ?? PROXIMITY_DEFAULT_METRES;
    if (q.latitude !== undefined && q.longitude !== undefined)
      return ok({
        warehouses: await this.warehousesOf({
          ...base,
          ...(text ? { text } : {}),
          near: { latitude: q.latitude, longitude: q.longitude, metres },
        }),
      });
    if (!text) return ok({ warehouses: await this.warehousesOf(base) });
    const direct = await this.warehousesOf({ ...base, text });
    if (direct.length > 0) return ok({ warehouses: direct });
    const place = (await this.repo.searchCities(placeSearchKey(text), 1))[0];
    if (!place) return ok({ warehouses: [] });
    return ok({
      warehouses: await this.warehousesOf({
        ...base,
        near: { latitude: place.latitude, longitude: place.longitude, metres },
      }),
    });
  }

  async findByCoordinates(near: Near): Promise<Result<{ warehouses: Warehouse[] }>> {
    return ok({ warehouses: await this.warehousesOf({ types: ['store', 'locker'], near }) });
  }

  async storeList(): Promise<Result<{ stores: Store[] }>> {
    const services = await this.services();
    const rows = await this.repo.listWarehouses({ types: ['store'] });
    return ok({ stores: rows.map((w) => toStore(w, services)) });
  }

  async storeView(storeId: number): Promise<Result<{ store: Store }>> {
    const row = await this.warehouse(storeId);
    if (!row || (row.warehouseType !== 'store' && row.warehouseType !== 'catalogue'))
      return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    return ok({ store: toStore(row, await this.services()) });
  }

  private async warehouse(id: number): Promise<WarehouseRow | null> {
    const known = this.warehouseCache.get(id);
    if (known) return known;
    const row = await this.repo.findWarehouse(id);
    if (row) this.warehouseCache.set(id, row);
    return row;
  }

  async warehouseName(id: number): Promise<string> {
    const known = this.warehouseNameCache.get(id);
    if (known !== undefined) return known;
    const name = (await this.repo.warehouseNames([id])).get(id);
    if (name === undefined) return '';
    this.warehouseNameCache.set(id, name);
    return name;
  }

  /** Pickup points (stores, lockers) as Address rows, in the order of the warehouse query. */
  private async pickupPoints(
    filter: WarehouseFilter,
    customer: DeliveryCustomer | null,
    favouriteFirst: boolean,
  ): Promise<Address[]> {
    const rows: WarehouseRow[] = await this.repo.listWarehouses(filter);
    const byWarehouse = new Map(
      (await this.repo.pickupAddresses(rows.map((r) => r.warehouseId))).map((a) => [a.warehouseId, a]),
    );
    const list: Address[] = [];
    for (const w of rows) {
      const a = byWarehouse.get(w.warehouseId);
      if (!a) continue;
      list.push(
        toAddress(a, { preferred: customer?.defaultStoreAddressId === a.addressId, distance: w.distance }),
      );
    }
    if (favouriteFirst) list.sort((x, y) => Number(y.preferred) - Number(x.preferred));
    return list;
  }

  private pickupFilter(serviceIds: readonly number[]): WarehouseFilter {
    const wantsLockers = serviceIds.some((s) => LOCKER_SERVICE_IDS.includes(s));
    const wantsStores = serviceIds.includes(DELIVERY_SERVICE.drive);
    const types = [...(wantsStores ? ['store'] : []), ...(wantsLockers ? ['locker'] : [])];
    return { types, serviceIds };
  }

  /** GET /store-proximity/list and /localize: pickup points, nearest first (favourite store on top). */
  async proximity(
    userId: number | null,
    q: {
      services?: number[] | undefined;
      orderby?: 'distance' | 'name' | undefined;
      latitude?: number | undefined;
      longitude?: number | undefined;
      distance?: number | undefined;
    },
  ): Promise<Result<{ addresses: Address[] }>> {
    const customer = await this.customer(userId);
    const services = q.services?.length ? q.services : [DELIVERY_SERVICE.drive];
    let point =
      q.latitude !== undefined && q.longitude !== undefined
        ? { latitude: q.latitude, longitude: q.longitude }
        : null;
    let metres = q.distance ?? PROXIMITY_DEFAULT_METRES;
    if (!point && customer?.defaultDeliveryAddressId) {
      // no point given: around the customer's default delivery address, over the whole region
      const home = await this.repo.findAddress(customer.defaultDeliveryAddressId);
      if (home?.latitude != null && home.longitude != null) {
        point = { latitude: home.latitude, longitude: home.longitude };
        metres = 400_000;
      }
    }
    const filter: WarehouseFilter = {
      ...this.pickupFilter(services),
      ...(point ? { near: { ...point, metres } } : {}),
      orderBy: q.orderby ?? 'distance',
    };
    return ok({ addresses: await this.pickupPoints(filter, customer, true) });
  }

  /** Makes a store the customer's favourite (the star): its pickup point becomes defaultStoreAddressId. */
  async setFavouriteStore(userId: number, storeId: number): Promise<Result<{ address: Address }>> {
    const row = await this.warehouse(storeId);
    if (!row || row.warehouseType !== 'store' || row.addressId === null)
      return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    await this.accounts.setDefaults(userId, { defaultStoreAddressId: row.addressId });
    const [address] = await this.repo.pickupAddresses([storeId]);
    if (!address) return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    return ok({ address: toAddress(address, { preferred: true }) }, [DELIVERY_TEXT.favouriteStoreSet.text]);
  }

  /** The pickup point of a store (store/select). */
  async storeAddressId(storeId: number): Promise<number | null> {
    const row = await this.warehouse(storeId);
    return row && row.warehouseType === 'store' ? row.addressId : null;
  }

  // ---------- addresses ----------
  /** The customer's own addresses (home and work), marking the default delivery address. */
  private async ownAddresses(userId: number, serviceIds?: readonly number[]): Promise<Address[]> {
    const customer = await this.customer(userId);
    return (await this.repo.listUserAddresses(userId, serviceIds)).map((a) =>
      toAddress(a, { preferred: customer?.defaultDeliveryAddressId === a.addressId }),
    );
  }

  /** GET /address/list and /user-address/list: pickup points for drive/locker, own addresses otherwise. */
  async addressList(userId: number | null, type: AddressTypeName): Promise<Result<{ addresses: Address[] }>> {
    if (type === 'drive' || type === 'locker') {
      const services = type === 'drive' ? [DELIVERY_SERVICE.drive] : [...LOCKER_SERVICE_IDS];
      return ok({
        addresses: await this.pickupPoints(this.pickupFilter(services), await this.customer(userId), true),
      });
    }
    if (userId === null) return ok({ addresses: [] });
    const own = await this.ownAddresses(userId);
    return ok({ addresses: type === 'work' ? own.filter((a) => a.addressType === 'work') : own });
  }

  /** GET /address/delivery-service-list and /user-address/delivery-service-list */
  async deliveryServiceList(
    userId: number | null,
    q: {
      delivery_service_id?: number | undefined;
      address_type?: AddressTypeName | undefined;
      latitude?: number | undefined;
      longitude?: number | undefined;
      distance?: number | undefined;
    },
  ): Promise<Result<{ deliveryServices: DeliveryServiceWire[]; addresses: Address[] }>> {
    const serviceId = q.delivery_service_id ?? serviceOfType[q.address_type ?? 'drive'];
    const deliveryServices = await this.deliveryServices();
    if (HOME_DELIVERY_SERVICE_IDS.includes(serviceId)) {
      const addresses = userId === null ? [] : await this.ownAddresses(userId);
      return ok({ deliveryServices, addresses });
    }
    const filter: WarehouseFilter = {
      ...this.pickupFilter([serviceId]),
      ...(q.latitude !== undefined && q.longitude !== undefined
        ? {
            near: {
              latitude: q.latitude,
              longitude: q.longitude,
              metres: q.distance ?? PROXIMITY_DEFAULT_METRES,
            },
          }
        : {}),
    };
    return ok({
      deliveryServices,
      addresses: await this.pickupPoints(filter, await this.customer(userId), true),
    });
  }

  /** GET /user-address/list-store: the store's pickup point and its lockers. */
  async listStore(userId: number | null, storeId: number): Promise<Result<{ addresses: Address[] }>> {
    const store = await this.warehouse(storeId);
    if (!store || store.warehouseType !== 'store') return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    const customer = await this.customer(userId);
    const [own, lockers] = await Promise.all([
      this.pickupPoints({ ids: [storeId] }, customer, false),
      this.pickupPoints({ types: ['locker'], parentWarehouseId: storeId }, customer, false),
    ]);
    return ok({ addresses: [...own, ...lockers] });
  }

  /** An address the customer may see: a pickup point, or one of their own. */
  async visibleAddress(userId: number | null, addressId: number): Promise<AddressRow | null> {
    const row = await this.repo.findAddress(addressId);
    if (!row) return null;
    if (row.userId === null) {
      const w = row.warehouseId !== null ? await this.warehouse(row.warehouseId) : null;
      return w ? row : null;
    }
    return row.userId === userId ? row : null;
  }

  async addressView(userId: number | null, addressId: number): Promise<Result<Address>> {
    const row = await this.visibleAddress(userId, addressId);
    if (!row) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    const customer = await this.customer(userId);
    const preferred =
      customer !== null &&
      (customer.defaultDeliveryAddressId === row.addressId ||
        customer.defaultStoreAddressId === row.addressId);
    return ok(toAddress(row, { preferred }));
  }

  // ---------- coverage of an address ----------
  private async locate(body: {
    postalcode: string;
    city: string;
    province: string;
  }): Promise<Result<{ zone: ZoneRow; cities: CityRow[]; matched: CityRow | null }>> {
    const cities = await this.repo.citiesByPostalCode(body.postalcode);
    const zone = await this.repo.zoneOfPostalCode(body.postalcode);
    if (body.province && cities.length > 0 && !cities.some((c) => c.province === body.province.toUpperCase()))
      return fieldFail('postalcode', DELIVERY_TEXT.capProvinceMismatch);
    if (!zone) return failWith(DELIVERY_TEXT.outOfArea);
    const key = placeSearchKey(body.city);
    const matched = cities.find((c) => placeSearchKey(c.name) === key) ?? null;
    return ok({ zone, cities, matched });
  }

  /** POST /address/check and /user-address/check: status 0 when home delivery reaches it. */
  async checkAddress(body: AddressCheckBody) {
    const located = await this.locate(body);
    if (!located.ok) return located;
    const { zone, cities, matched } = located.data;
    if (body.city && !matched) return failWith(DELIVERY_TEXT.notValidated);
    const city = matched ?? cities[0];
    return ok({
      deliveryServiceId: DELIVERY_SERVICE.home,
      zoneId: zone.zoneId,
      warehouseId: zone.warehouseId,
      city: city?.name ?? body.city,
      province: city?.province ?? body.province,
      postalcode: body.postalcode,
      deliveryFee: zone.feeCents / 100,
    });
  }

  /**
   * POST /user-address/update (insert without addressId) and /{provider}-address-form/save-new-address.
   * Only home-type addresses can be changed; the CAP must be served. A city that does not match the CAP is
   * accepted: the client asked 'Address not validated, save anyway?' first.
   */
  async saveAddress(
    userId: number,
    form: AddressFormOutput,
    opts: { insertOnly?: boolean } = {},
  ): Promise<Result<{ address: Address }>> {
    if (!(await this.repo.isProvinceServed(form.province))) return failWith(DELIVERY_TEXT.outOfArea);
    const located = await this.locate(form);
    if (!located.ok) return located;
    const { zone, cities, matched } = located.data;
    const place = matched ?? cities[0] ?? null;
    const values = {
      addressName: form.addressName,
      receiverName: form.receiverName,
      address1: form.address1,
      addressNumber: form.addressNumber,
      postalCode: form.postalcode,
      city: form.city,
      province: form.province,
      otherInfo: form.otherInfo,
      floor: form.floor,
      elevator: form.elevator,
      stair: form.stair,
      apartment: form.apartment,
      phone: form.phone,
      zoneId: zone.zoneId,
      latitude: form.latitude ?? place?.latitude ?? null,
      longitude: form.longitude ?? place?.longitude ?? null,
    };
    const customer = await this.customer(userId);
    if (form.addressId !== undefined && !opts.insertOnly) {
      const existing = await this.repo.findAddress(form.addressId);
      if (!existing || existing.userId !== userId) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
      if (existing.addressTypeId !== ADDRESS_TYPE.home) return failWith(DELIVERY_TEXT.addressNotEditable);
      const row = await this.repo.updateUserAddress(userId, form.addressId, values);
      if (!row) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
      return ok(
        { address: toAddress(row, { preferred: customer?.defaultDeliveryAddressId === row.addressId }) },
        [DELIVERY_TEXT.addressSaved.text],
      );
    }
    if ((await this.repo.countUserAddresses(userId)) >= MAX_ADDRESSES)
      return failWith(DELIVERY_TEXT.tooManyAddresses);
    const row = await this.repo.insertAddress({
      ...values,
      userId,
      addressTypeId: ADDRESS_TYPE.home,
      deliveryServiceId: DELIVERY_SERVICE.home,
    });
    const becomesDefault = customer !== null && customer.defaultDeliveryAddressId === null;
    if (becomesDefault) await this.accounts.setDefaults(userId, { defaultDeliveryAddressId: row.addressId });
    return ok({ address: toAddress(row, { preferred: becomesDefault }) }, [DELIVERY_TEXT.addressSaved.text]);
  }

  /**
   * GET /shopatwork/subscribe (decision 042): the company's code gives the customer a work address at the
   * company's site (type work, service 3: the company calendar, day periods 4 and 5). Subscribing again
   * answers the same address; two subscriptions at once make one.
   */
  async subscribeToWork(
    userId: number,
    code: string,
  ): Promise<Result<{ companyName: string; address: Address }>> {
    const site = await this.repo.workSiteByCode(code);
    if (!site) return failWith(DELIVERY_TEXT.workCodeUnknown);
    const zone = await this.repo.zoneOfPostalCode(site.postalCode);
    if (!zone) return failWith(DELIVERY_TEXT.outOfArea);
    const customer = await this.customer(userId);
    const addressId = await this.repo.db
      .transaction(async (tx) => {
        const known = await this.repo.workSubscription(userId, site.workSiteId, tx);
        if (known !== null) return known;
        const row = await this.repo.insertAddress(
          {
            userId,
            addressTypeId: ADDRESS_TYPE.work,
            deliveryServiceId: DELIVERY_SERVICE.homeWork,
            addressName: site.companyName,
            receiverName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
            address1: site.address1,
            addressNumber: site.addressNumber,
            postalCode: site.postalCode,
            city: site.city,
            province: site.province,
            zoneId: zone.zoneId,
          },
          tx,
        );
        // a subscription written meanwhile wins: this transaction (and its address) rolls back
        if (!(await this.repo.insertWorkSubscription(userId, site.workSiteId, row.addressId, tx)))
          throw new WorkSubscribedMeanwhile();
        return row.addressId;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof WorkSubscribedMeanwhile)) throw error;
        return this.repo.workSubscription(userId, site.workSiteId);
      });
    const row = addressId === null ? null : await this.repo.findAddress(addressId);
    if (!row) throw new Error('shop at work: the subscription has no address');
    return ok(
      {
        companyName: site.companyName,
        address: toAddress(row, { preferred: customer?.defaultDeliveryAddressId === row.addressId }),
      },
      [DELIVERY_INFO_TEXT.workSubscribed(site.companyName)],
    );
  }

  /** GET /user-address/delete: own home addresses only, never the one the cart delivers to. */
  async deleteAddress(userId: number, addressId: number): Promise<Result<Record<string, never>>> {
    const row = await this.repo.findAddress(addressId);
    if (!row || row.userId !== userId) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    if (row.addressTypeId !== ADDRESS_TYPE.home) return failWith(DELIVERY_TEXT.addressNotEditable);
    if (await this.usage.isAddressInUse(userId, addressId)) return failWith(DELIVERY_TEXT.addressInUse);
    if (!(await this.repo.softDeleteUserAddress(userId, addressId)))
      return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    const customer = await this.customer(userId);
    if (customer?.defaultDeliveryAddressId === addressId)
      await this.accounts.setDefaults(userId, { defaultDeliveryAddressId: null });
    return ok({}, [DELIVERY_TEXT.addressDeleted.text]);
  }

  /**
   * GET /{provider}-address-class-controller/set-address-class-id: the elderly address (class 1) or none
   * (0). Only customers with legal id 2 or 3, only a non-work address, only one such address.
   */
  async setAddressClass(
    userId: number,
    addressId: number,
    addressClassId: number,
  ): Promise<Result<{ address: Address }>> {
    const customer = await this.customer(userId);
    if (!customer || !customer.legalIds.some((id) => ELDERLY_LEGAL_IDS.includes(id)))
      return failWith(DELIVERY_TEXT.elderlyNotEntitled);
    const row = await this.repo.findAddress(addressId);
    if (!row || row.userId !== userId) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    if (row.addressTypeId === ADDRESS_TYPE.work) return failWith(DELIVERY_TEXT.elderlyWorkAddress);
    if (row.deliveryServiceId !== DELIVERY_SERVICE.home) return failWith(DELIVERY_TEXT.elderlyNotHome);
    const mark = addressClassId === ADDRESS_CLASS_ELDERLY ? ADDRESS_CLASS_ELDERLY : null;
    if (row.addressClassId !== mark && !(await this.repo.setAddressClass(userId, addressId, mark)))
      return failWith(DELIVERY_TEXT.elderlyAlready);
    const updated = await this.repo.findAddress(addressId);
    if (!updated) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    return ok(
      { address: toAddress(updated, { preferred: customer.defaultDeliveryAddressId === addressId }) },
      [(mark ? DELIVERY_TEXT.elderlySet : DELIVERY_TEXT.elderlyRemoved).text],
    );
  }

  // ---------- what the cart needs ----------
  /**
   * Where an address sends the groceries: its service (checked against the one asked for), the store and
   * warehouse, the home-delivery zone and the time-slot calendar. Another customer's address is not found.
   */
  async resolveTarget(
    userId: number,
    addressId: number,
    deliveryServiceId?: number,
  ): Promise<Result<DeliveryTarget>> {
    const address = await this.visibleAddress(userId, addressId);
    if (!address || !address.active) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
    if (deliveryServiceId !== undefined && deliveryServiceId !== address.deliveryServiceId)
      return failWith(DELIVERY_TEXT.serviceNotAvailable);
    return this.targetOfAddress(address, () => this.repo.zoneOfPostalCode(address.postalCode));
  }

  /**
   * The cart's target from the delivery parts its own statement read (delivery-parts.ts): the same rules as
   * `resolveTarget` (only a pickup point or the customer's own address, active, in a served zone), with the
   * address and zone as read there. Null when the cart's address no longer gives a target.
   */
  async targetFromParts(userId: number, parts: DeliveryParts): Promise<DeliveryTarget | null> {
    const { address } = parts;
    if (address.userId !== null && address.userId !== userId) return null;
    if (!address.active) return null;
    const target = await this.targetOfAddress(address, async () => parts.zone);
    return target.ok ? target.data : null;
  }

  /** Where a visible, active address sends the groceries (its zone read by `zoneOf` for a customer's). */
  private async targetOfAddress(
    address: AddressRow,
    zoneOf: () => Promise<ZoneRow | null>,
  ): Promise<Result<DeliveryTarget>> {
    if (address.userId === null) {
      const w = address.warehouseId !== null ? await this.warehouse(address.warehouseId) : null;
      if (!w) return failWith(DELIVERY_TEXT.addressNotFound, 'notFound');
      const storeId = w.warehouseType === 'locker' ? (w.parentWarehouseId ?? w.warehouseId) : w.warehouseId;
      return ok({
        address,
        deliveryServiceId: address.deliveryServiceId,
        storeId,
        warehouseId: storeId,
        zone: null,
        calendar: {
          calendar: `w${w.warehouseId}`,
          kind: w.warehouseType === 'locker' ? 'locker' : 'drive',
        },
      });
    }
    const zone = await zoneOf();
    if (!zone) return failWith(DELIVERY_TEXT.outOfArea);
    return ok({
      address,
      deliveryServiceId: address.deliveryServiceId,
      storeId: zone.warehouseId,
      warehouseId: zone.warehouseId,
      zone,
      calendar: {
        calendar: `z${zone.zoneId}`,
        kind: address.deliveryServiceId === DELIVERY_SERVICE.homeWork ? 'work' : 'home',
      },
    });
  }

  /** The fee of a target in cents; the elderly fee on the entitled customer's elderly address. */
  async feeOf(
    userId: number,
    target: DeliveryTarget,
  ): Promise<{ cents: number; standardCents: number; elderly: boolean }> {
    if (!target.zone) {
      const cents = (await this.services()).get(target.deliveryServiceId)?.feeCents ?? 0;
      return { cents, standardCents: cents, elderly: false };
    }
    const customer = await this.customer(userId);
    const elderly =
      target.deliveryServiceId === DELIVERY_SERVICE.home &&
      target.address.addressClassId === ADDRESS_CLASS_ELDERLY &&
      (customer?.legalIds.some((id) => ELDERLY_LEGAL_IDS.includes(id)) ?? false);
    return {
      cents: await this.homeFee(target.zone, elderly),
      standardCents: target.zone.feeCents,
      elderly,
    };
  }

  /** The customer's defaults, for the cart's first address (auto-assigned). */
  async defaultAddressIds(userId: number): Promise<number[]> {
    const customer = await this.customer(userId);
    return [customer?.defaultDeliveryAddressId, customer?.defaultStoreAddressId].filter(
      (id): id is number => typeof id === 'number',
    );
  }

  /** After the customer chose a home or work address, it becomes the default delivery address. */
  async rememberDeliveryAddress(userId: number, address: AddressRow): Promise<void> {
    if (address.userId !== userId) return;
    const customer = await this.customer(userId);
    if (customer && customer.defaultDeliveryAddressId !== address.addressId)
      await this.accounts.setDefaults(userId, { defaultDeliveryAddressId: address.addressId });
  }

  /** Account deletion: the customer's addresses lose their personal details. */
  eraseCustomer(userId: number): Promise<void> {
    return this.repo.eraseCustomerAddresses(userId);
  }
}
