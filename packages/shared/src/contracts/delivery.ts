import { z } from 'zod';
import { MESSAGES, rules } from '../account/validation-rules';
import { ADDRESS_PROVIDER, DELIVERY_SERVICE_IDS, PROXIMITY_MAX_METRES } from '../delivery/constants';
import { OWN_TEXT, endpoint } from './endpoint';

/**
 * Wire contracts of delivery (spec sections 3, 7 "Address, store, geography" and "Time slots", 9):
 * delivery services, addresses (the customer's home and work addresses and the pickup points of stores and
 * lockers share one `addressId` space, as on the platform), stores and the warehouse locator (wire notes
 * shape, `postalcode` spelling), geography from the bundled comuni data, coverage, fees and time slots.
 * Money on the wire is a euro amount (decision 002); coordinates are WGS84 degrees; distances metres.
 */

// ---------- constants (spec section 9) ----------
export {
  ADDRESS_CLASS_ELDERLY,
  ADDRESS_PROVIDER,
  CART_STATUS,
  DAY_PERIOD,
  DELIVERY_SERVICE,
  DELIVERY_SERVICE_IDS,
  HOME_DELIVERY_SERVICE_IDS,
  LOCKER_SERVICE_IDS,
  PROXIMITY_DEFAULT_METRES,
  PROXIMITY_MAX_METRES,
  RADIUS_OPTIONS_METRES,
} from '../delivery/constants';

/** Address types (ids seen on the platform: 2, 3, 4, 5; which is which is ours). */
export const ADDRESS_TYPE = { home: 2, work: 3, drive: 4, locker: 5 } as const;
export type AddressTypeName = keyof typeof ADDRESS_TYPE;
/**
 * Code of the address check's refusal when the CAP and the comune do not match: the customer may keep the
 * address as typed after confirming it.
 */
export const ADDRESS_NOT_VALIDATED_CODE = 'msg.address.notValidated';

export const ADDRESS_TYPE_NAMES = ['home', 'work', 'drive', 'locker'] as const;
export const TIMESLOT_DAYS = 7;
/** derived from the remaining capacity, never stored */
export const TIMESLOT_STATUSES = ['available', 'almost-full', 'full'] as const;
export type TimeslotStatus = (typeof TIMESLOT_STATUSES)[number];
/** spec section 9: default store name */
export const DEFAULT_STORE = { storeId: 1, name: 'Catalogo Globale' } as const;

// ---------- query helpers ----------
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
/** NUL characters cannot be stored nor searched (PostgreSQL text): they are dropped from free text. */
const withoutNul = (s: string) => s.split('\u0000').join('');
/** A form rule applied to the text without NUL characters (the input type stays a string). */
const clean = <T extends z.ZodType<unknown, string>>(rule: T) => z.string().transform(withoutNul).pipe(rule);
/** Free text from a query string: trimmed; longer input is cut, not refused (decision 007). */
const queryText = z.string().transform((s) => withoutNul(s).trim().slice(0, 200));
export const latitudeParam = z.coerce.number().min(-90).max(90);
export const longitudeParam = z.coerce.number().min(-180).max(180);
const distanceParam = z.coerce.number().min(1).max(PROXIMITY_MAX_METRES);
export const deliveryServiceIdParam = z.coerce
  .number()
  .int()
  .refine((id) => (DELIVERY_SERVICE_IDS as readonly number[]).includes(id), {
    error: 'Servizio non valido.',
  });
const postalCodeParam = z
  .string()
  .trim()
  .regex(/^\d{4,5}$/, MESSAGES.postalCode);
const addressTypeParam = z.enum(ADDRESS_TYPE_NAMES);
/** "services" of the proximity calls: one id or a comma-separated list */
const servicesParam = z
  .string()
  .max(100)
  .transform((s) =>
    s
      .split(',')
      .map((v) => Number(v.trim()))
      .filter((v) => Number.isInteger(v)),
  )
  .refine((ids) => ids.every((id) => (DELIVERY_SERVICE_IDS as readonly number[]).includes(id)), {
    error: 'Servizio non valido.',
  });
const orderByParam = z.enum(['distance', 'name']);

// ---------- delivery services ----------
export const deliveryServiceSchema = z.object({
  deliveryServiceId: z.number().int(),
  name: z.string(),
  descr: z.string(),
  cssClass: z.string(),
  iconSource: z.string(),
  showTab: z.boolean(),
});
export type DeliveryService = z.infer<typeof deliveryServiceSchema>;

// ---------- addresses ----------
export const addressClassSchema = z.object({
  addressClassId: z.number().int(),
  name: z.string(),
  addressClassGroup: z.object({ addressClassGroupId: z.number().int() }),
  iconSource: z.string(),
});

export const serviceHourSchema = z.object({
  /** 1 = Sunday ... 7 = Saturday (wire notes) */
  beginWeekDay: z.number().int().min(1).max(7),
  beginHour: z.string(),
  endHour: z.string(),
});
export type ServiceHour = z.infer<typeof serviceHourSchema>;

export const addressSchema = z.object({
  addressId: z.number().int(),
  addressName: z.string(),
  /** home, work, drive, locker */
  addressType: z.enum(ADDRESS_TYPE_NAMES),
  addressTypeId: z.number().int(),
  deliveryServiceId: z.number().int(),
  zoneId: z.number().int().nullable(),
  /** the store or locker of a pickup point; the preparing store of a home address */
  warehouseId: z.number().int().nullable(),
  autoAssigned: z.boolean(),
  active: z.boolean(),
  receiverName: z.string(),
  address1: z.string(),
  addressNumber: z.string(),
  city: z.string(),
  province: z.string(),
  postalcode: z.string(),
  countryId: z.number().int(),
  otherInfo: z.string(),
  floor: z.string(),
  elevator: z.boolean(),
  stair: z.string(),
  apartment: z.string(),
  phone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** one line for the list row: street, CAP, city (province) */
  addressDescr: z.string(),
  addressClass: z.array(addressClassSchema),
  /** the user's favourite store or default delivery address (the star of the list) */
  preferred: z.boolean(),
  /** only home-type addresses can be edited or deleted */
  editable: z.boolean(),
  /** metres from the searched point (proximity lists only) */
  distance: z.number().optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListDataSchema = z.object({ addresses: z.array(addressSchema) });
export type AddressListData = z.infer<typeof addressListDataSchema>;

/** GET /address/list, GET /user-address/list */
export const addressListQuerySchema = z.object({ address_type: addressTypeParam.optional() });
/** GET /address/view, /user-address/view, /user-address/delete */
export const addressIdQuerySchema = z.object({ address_id: idParam });
/** GET /address/delivery-service-list, GET /user-address/delivery-service-list */
export const deliveryServiceListQuerySchema = z.object({
  delivery_service_id: deliveryServiceIdParam.optional(),
  address_type: addressTypeParam.optional(),
  latitude: latitudeParam.optional(),
  longitude: longitudeParam.optional(),
  distance: distanceParam.optional(),
});
export const deliveryServiceListDataSchema = z.object({
  deliveryServices: z.array(deliveryServiceSchema),
  addresses: z.array(addressSchema),
});
/** GET /user-address/list-store */
export const storeIdQuerySchema = z.object({ store_id: idParam });
/** GET /user-address/preview, POST /user-address/select (query) */
export const addressSelectQuerySchema = z.object({
  address_id: idParam,
  address_type: addressTypeParam.optional(),
  delivery_service_id: deliveryServiceIdParam.optional(),
});

/** Form of the EditAddresses route (spec section 3 form fields, section 5 rules). */
export const addressFormSchema = z.object({
  /** absent: a new address */
  addressId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** identifier, e.g. Casa, Ufficio */
  addressName: clean(rules.required(40)),
  /** name on the doorbell / of the receiver */
  receiverName: clean(rules.required(80)),
  address1: clean(rules.required(120)),
  addressNumber: clean(rules.required(10)),
  postalcode: rules.postalCode().pipe(z.string().min(1, MESSAGES.required)),
  city: clean(rules.required(80)),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(
      z
        .string()
        .min(1, MESSAGES.required)
        .regex(/^[A-Z]{2}$/, MESSAGES.exactLength(2)),
    ),
  otherInfo: clean(rules.optionalText(200)).default(''),
  floor: clean(rules.optionalText(10)).default(''),
  elevator: queryBool.default(false),
  stair: clean(rules.optionalText(10)).default(''),
  apartment: clean(rules.optionalText(10)).default(''),
  phone: rules.phone().pipe(z.string().min(1, MESSAGES.required)),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
});
export type AddressForm = z.input<typeof addressFormSchema>;
export type AddressFormOutput = z.output<typeof addressFormSchema>;

/** POST /address/check, /user-address/check: only what coverage needs is mandatory */
export const addressCheckBodySchema = z.object({
  postalcode: rules.postalCode().pipe(z.string().min(1, MESSAGES.required)),
  city: clean(rules.optionalText(80)).default(''),
  province: clean(rules.optionalText(2)).default(''),
  address1: clean(rules.optionalText(120)).default(''),
  addressNumber: clean(rules.optionalText(10)).default(''),
});
export const addressCheckDataSchema = z.object({
  deliveryServiceId: z.number().int(),
  zoneId: z.number().int(),
  warehouseId: z.number().int(),
  city: z.string(),
  province: z.string(),
  postalcode: z.string(),
  deliveryFee: z.number(),
});

export const addressDataSchema = z.object({ address: addressSchema });

/** GET /{provider}-address-class-controller/set-address-class-id */
export const setAddressClassQuerySchema = z.object({
  address_id: idParam,
  /** 1 marks the elderly address; 0 removes the mark */
  address_class_id: z.coerce.number().int().min(0).max(1),
});

// ---------- geography ----------
export const provinceSchema = z.object({
  provinceId: z.number().int(),
  name: z.string(),
  code: z.string(),
  countryId: z.number().int(),
  homeDelivery: z.boolean(),
});
export const provinceListQuerySchema = z.object({
  country_id: z.coerce.number().int().min(1).max(100_000).default(1),
  home_delivery_only: queryBool.default(false),
});
export const provinceListDataSchema = z.object({ provinces: z.array(provinceSchema) });

export const countrySchema = z.object({
  countryId: z.number().int(),
  iso: z.string(),
  name: z.string(),
  homeDelivery: z.boolean(),
});
export const countryListQuerySchema = z.object({
  continent_id: z.coerce.number().int().min(1).max(10).optional(),
  home_delivery_only: queryBool.default(false),
});
export const countryListDataSchema = z.object({ countries: z.array(countrySchema) });

export const citySchema = z.object({
  istat: z.string(),
  name: z.string(),
  province: z.string(),
  postalcodes: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  homeDelivery: z.boolean(),
  /** metres from the point asked (reverse lookup) */
  distance: z.number().optional(),
});
export type City = z.infer<typeof citySchema>;
export const cityListDataSchema = z.object({ cities: z.array(citySchema) });
export const homeDeliveryListQuerySchema = z.object({ home_delivery_only: queryBool.default(true) });
/** GET /geo/city-list?postal_code= */
export const cityListQuerySchema = z.object({ postal_code: postalCodeParam });
/** GET /geo/cap/:postalcode */
export const capParamsSchema = z.object({ postalcode: postalCodeParam });
/** GET /geo/place-search?q= (comune names, accent and case-insensitive, by prefix) */
export const placeSearchQuerySchema = z.object({
  q: queryText.pipe(z.string().min(1, MESSAGES.required)),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** GET /geo/reverse-lookup, /address/geo-service-coverage, /warehouse/find-by-coordinates */
export const coordinatesQuerySchema = z.object({ latitude: latitudeParam, longitude: longitudeParam });

export const coverageQuerySchema = z
  .object({
    latitude: latitudeParam.optional(),
    longitude: longitudeParam.optional(),
    postal_code: postalCodeParam.optional(),
  })
  .refine((q) => q.postal_code !== undefined || (q.latitude !== undefined && q.longitude !== undefined), {
    error: MESSAGES.required,
    path: ['latitude'],
  });
export const coverageFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    covered: z.boolean(),
    deliveryServiceId: z.number().int().nullable(),
    zoneId: z.number().int().nullable(),
    zoneName: z.string().nullable(),
    warehouseId: z.number().int().nullable(),
    city: z.string(),
    province: z.string(),
    postalcode: z.string(),
    deliveryFee: z.number().nullable(),
  }),
});
export const coverageDataSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(coverageFeatureSchema),
});

// ---------- stores, warehouse locator ----------
export const warehouseSchema = z.object({
  warehouseId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** store | locker | catalogue (ours) */
  warehouseType: z.string(),
  parentWarehouseId: z.number().int().nullable(),
  address: z.object({
    addressId: z.number().int().nullable(),
    addressName: z.string(),
    address1: z.string(),
    addressNumber: z.string(),
    city: z.string(),
    province: z.string(),
    postalcode: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  metaData: z.object({ warehouse_locator: z.object({ PHONE: z.string() }) }),
  serviceHours: z.object({ default: z.array(serviceHourSchema) }),
  deliveryServices: z.array(deliveryServiceSchema),
  distance: z.number().optional(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseListDataSchema = z.object({ warehouses: z.array(warehouseSchema) });

export const warehouseLocatorQuerySchema = z.object({
  /** store name, street, city or province; or a comune name to search around */
  text: queryText.optional(),
  q: queryText.optional(),
  latitude: latitudeParam.optional(),
  longitude: longitudeParam.optional(),
  distance: distanceParam.optional(),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  parent_warehouse_id: idParam.optional(),
  services: servicesParam.optional(),
});
export const findByCoordinatesQuerySchema = z.object({
  latitude: latitudeParam,
  longitude: longitudeParam,
  distance: distanceParam.optional(),
});

/** Store (spec section 3): storeId and its delivery services, plus the locator fields. */
export const storeSchema = warehouseSchema.extend({ storeId: z.number().int() });
export type Store = z.infer<typeof storeSchema>;
export const storeListDataSchema = z.object({ stores: z.array(storeSchema) });
/**
 * GET /warehouse-locator/map: the base map of the stores' map, as configured on the server (MAP_TILES_URL):
 * a {z}/{x}/{y} tile address and its attribution (plain text); tileUrl null: no base map, a plain plot.
 */
export const storeMapDataSchema = z.object({ tileUrl: z.string().nullable(), attribution: z.string() });
export type StoreMapData = z.infer<typeof storeMapDataSchema>;
export const storeDataSchema = z.object({ store: storeSchema });
export const storeSelectQuerySchema = z.object({ store_id: idParam });

export const proximityListQuerySchema = z.object({
  services: servicesParam.optional(),
  orderby: orderByParam.optional(),
});
export const proximityLocalizeQuerySchema = z.object({
  latitude: latitudeParam,
  longitude: longitudeParam,
  services: servicesParam.optional(),
  orderby: orderByParam.optional(),
  distance: distanceParam.optional(),
});

// ---------- fee ----------
export const deliveryFeeDataSchema = z.object({
  deliveryServiceId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  /** euro */
  deliveryFee: z.number(),
  /** the fee without the elderly discount (equal when none applies) */
  deliveryFeeStandard: z.number(),
  elderly: z.boolean(),
});
export type DeliveryFeeData = z.infer<typeof deliveryFeeDataSchema>;

// ---------- time slots ----------
export const timeslotSchema = z.object({
  timeslotId: z.number().int(),
  beginTime: z.string(),
  endTime: z.string(),
  status: z.enum(TIMESLOT_STATUSES),
  /** 1 = selectable; below 1 = cannot be chosen (spec section 4) */
  active: z.number().int(),
  selected: z.boolean(),
  underLeadTime: z.boolean(),
  underLockDay: z.boolean(),
  underLockCutoff: z.boolean(),
  deliveryDayPeriodId: z.number().int(),
  /** places left (ours; status is derived from it) */
  available: z.number().int(),
});
export type Timeslot = z.infer<typeof timeslotSchema>;
export const timeslotDaySchema = z.object({
  dateIso: z.string(),
  /** day of week 1 = Monday ... 7 = Sunday (ours) */
  weekDay: z.number().int(),
  selected: z.boolean(),
  timeslots: z.array(timeslotSchema),
});
export type TimeslotDay = z.infer<typeof timeslotDaySchema>;
export const timeslotListQuerySchema = z.object({
  'show-closed': queryBool.default(false),
  'check-locker': queryBool.default(true),
});
export const timeslotListDataSchema = z.object({
  deliveryServiceId: z.number().int(),
  days: z.array(timeslotDaySchema),
});
export const timeslotSelectQuerySchema = z.object({
  sel_date: z.iso.date(),
  timeslot_id: idParam,
});

// ---------- GET /shopatwork/subscribe (subscriptionCode) ----------
export const SHOP_AT_WORK_CODE_TEXT = 'Il codice aziendale non è valido: usa lettere e cifre (da 4 a 20).';
export const shopAtWorkQuerySchema = z.object({
  subscriptionCode: z
    .string()
    .trim()
    .refine((code) => /^[A-Za-z0-9-]{4,20}$/.test(code), { error: SHOP_AT_WORK_CODE_TEXT, params: OWN_TEXT }),
});
/** The company's site and the work address it gave the customer (delivered in day periods 4 and 5). */
export const shopAtWorkDataSchema = z.object({
  companyName: z.string(),
  address: addressSchema,
});

/** GET /user-address/delete answers no data: `{}` */
export const addressDeleteDataSchema = z.strictObject({});

// ---------- endpoints (the delivery module registers them) ----------
export const deliveryEndpoints = {
  // addresses, pickup points and lockers (address.routes.ts)
  addressList: endpoint({
    method: 'GET',
    path: '/address/list',
    query: addressListQuerySchema,
    response: addressListDataSchema,
  }),
  addressView: endpoint({
    method: 'GET',
    path: '/address/view',
    query: addressIdQuerySchema,
    response: addressSchema,
  }),
  addressDeliveryServiceList: endpoint({
    method: 'GET',
    path: '/address/delivery-service-list',
    query: deliveryServiceListQuerySchema,
    response: deliveryServiceListDataSchema,
  }),
  addressCheck: endpoint({
    method: 'POST',
    path: '/address/check',
    body: addressCheckBodySchema,
    response: addressCheckDataSchema,
  }),
  proximityList: endpoint({
    method: 'GET',
    path: '/store-proximity/list',
    query: proximityListQuerySchema,
    response: addressListDataSchema,
  }),
  proximityLocalize: endpoint({
    method: 'GET',
    path: '/store-proximity/localize',
    query: proximityLocalizeQuerySchema,
    response: addressListDataSchema,
  }),
  userDeliveryServiceList: endpoint({
    method: 'GET',
    path: '/user-address/delivery-service-list',
    query: deliveryServiceListQuerySchema,
    response: deliveryServiceListDataSchema,
  }),
  userListStore: endpoint({
    method: 'GET',
    path: '/user-address/list-store',
    query: storeIdQuerySchema,
    response: addressListDataSchema,
  }),
  userAddressList: endpoint({
    method: 'GET',
    path: '/user-address/list',
    query: addressListQuerySchema,
    response: addressListDataSchema,
  }),
  userAddressView: endpoint({
    method: 'GET',
    path: '/user-address/view',
    query: addressIdQuerySchema,
    response: addressSchema,
  }),
  userAddressCheck: endpoint({
    method: 'POST',
    path: '/user-address/check',
    body: addressCheckBodySchema,
    response: addressCheckDataSchema,
  }),
  userAddressUpdate: endpoint({
    method: 'POST',
    path: '/user-address/update',
    body: addressFormSchema,
    response: addressDataSchema,
  }),
  shopAtWorkSubscribe: endpoint({
    method: 'GET',
    path: '/shopatwork/subscribe',
    query: shopAtWorkQuerySchema,
    response: shopAtWorkDataSchema,
  }),
  userAddressDelete: endpoint({
    method: 'GET',
    path: '/user-address/delete',
    query: addressIdQuerySchema,
    response: addressDeleteDataSchema,
  }),
  saveNewAddress: endpoint({
    method: 'POST',
    path: `/${ADDRESS_PROVIDER}-address-form/save-new-address`,
    body: addressFormSchema,
    response: addressDataSchema,
  }),
  setAddressClass: endpoint({
    method: 'GET',
    path: `/${ADDRESS_PROVIDER}-address-class-controller/set-address-class-id`,
    query: setAddressClassQuerySchema,
    response: addressDataSchema,
  }),
  // geography, coverage, warehouse locator and stores (geo.routes.ts)
  provinceList: endpoint({
    method: 'GET',
    path: '/geo/province-list',
    query: provinceListQuerySchema,
    response: provinceListDataSchema,
  }),
  countryList: endpoint({
    method: 'GET',
    path: '/geo/country-list',
    query: countryListQuerySchema,
    response: countryListDataSchema,
  }),
  homeDeliveryList: endpoint({
    method: 'GET',
    path: '/geo/homedelivery-list-simple',
    query: homeDeliveryListQuerySchema,
    response: cityListDataSchema,
  }),
  cityList: endpoint({
    method: 'GET',
    path: '/geo/city-list',
    query: cityListQuerySchema,
    response: cityListDataSchema,
  }),
  citiesByCap: endpoint({
    method: 'GET',
    path: '/geo/cap/:postalcode',
    params: capParamsSchema,
    response: cityListDataSchema,
  }),
  placeSearch: endpoint({
    method: 'GET',
    path: '/geo/place-search',
    query: placeSearchQuerySchema,
    response: cityListDataSchema,
  }),
  reverseLookup: endpoint({
    method: 'GET',
    path: '/geo/reverse-lookup',
    query: coordinatesQuerySchema,
    response: cityListDataSchema,
  }),
  coverage: endpoint({
    method: 'GET',
    path: '/address/geo-service-coverage',
    query: coverageQuerySchema,
    response: coverageDataSchema,
  }),
  warehouseLocator: endpoint({
    method: 'GET',
    path: '/warehouse-locator/search',
    query: warehouseLocatorQuerySchema,
    response: warehouseListDataSchema,
  }),
  findByCoordinates: endpoint({
    method: 'GET',
    path: '/warehouse/find-by-coordinates',
    query: findByCoordinatesQuerySchema,
    response: warehouseListDataSchema,
  }),
  storeMap: endpoint({ method: 'GET', path: '/warehouse-locator/map', response: storeMapDataSchema }),
  storeList: endpoint({ method: 'GET', path: '/store/list', response: storeListDataSchema }),
  storeView: endpoint({
    method: 'GET',
    path: '/store/view',
    query: storeSelectQuerySchema,
    response: storeDataSchema,
  }),
};
