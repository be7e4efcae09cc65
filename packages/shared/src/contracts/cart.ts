import { z } from 'zod';
import { productSchema, warehousePromoSchema } from './catalogue';
import {
  addressClassSchema,
  addressSelectQuerySchema,
  deliveryFeeDataSchema,
  storeSelectQuerySchema,
  timeslotListDataSchema,
  timeslotListQuerySchema,
  timeslotSelectQuerySchema,
} from './delivery';
import { endpoint } from './endpoint';

/**
 * The cart as the platform sends it (spec section 3, Cart): its delivery part (store, warehouse, shipping
 * address, time slot, auto-assignment flags, fee; decision 013) and its lines, priced by the server
 * (decision 015). Every cart and select call answers this whole cart.
 */
export const cartShippingAddressSchema = z.object({
  addressId: z.number().int(),
  deliveryServiceId: z.number().int(),
  zoneId: z.number().int().nullable(),
  autoAssigned: z.boolean(),
  addressName: z.string(),
  address1: z.string(),
  addressNumber: z.string(),
  city: z.string(),
  province: z.string(),
  postalcode: z.string(),
  addressTypeId: z.number().int(),
  addressType: z.string(),
  addressClass: z.array(addressClassSchema),
});

export const cartTimeslotSchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  timeslotId: z.number().int(),
  /** true: proposed by the server (the first free slot), the customer has not chosen it */
  autoAssigned: z.boolean(),
  beginTime: z.string(),
  endTime: z.string(),
  deliveryDayPeriodId: z.number().int(),
});

/**
 * One line. `quantity` is in the product's base unit: pieces for Pezzo and Confezione (single items; a pack
 * of 6 is 6), kilograms or litres for Sfuso, with at most 3 decimals. Money is euro with two decimals,
 * computed by the server from the catalogue for the cart's warehouse.
 */
export const cartItemSchema = z.object({
  itemId: z.number().int(),
  product: productSchema,
  quantity: z.number(),
  /** Sfuso: the weight in the base unit (same as quantity); null for pieces */
  weight: z.number().nullable(),
  /** 1 = normal item */
  cartItemInsertionTypeId: z.number().int(),
  /** accept_alternatives ("true" / "false"), notes, package ("true" in package mode) */
  cartItemInfo: z.record(z.string(), z.string()),
  /** the chosen options: { parameterName: key } (also marked as `selected` in product.selectOptions) */
  params: z.record(z.string(), z.string()),
  /** price per unit the customer pays, and the list price */
  unitPrice: z.number(),
  unitPriceStandard: z.number(),
  /** line total paid, line total at list price, and their difference */
  grossTotal: z.number(),
  grossTotalStandard: z.number(),
  discount: z.number(),
  /** the promotion applied to the line, if any */
  warehousePromo: warehousePromoSchema.nullable(),
  /** false: the product is no longer sold or out of stock (the line is not counted in the totals) */
  available: z.boolean(),
  /** the line holds an exact multiple of a logistic box (package mode) */
  isPackage: z.boolean(),
  /** the department the line belongs to (sectors) */
  sectorId: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSectorSchema = z.object({
  sectorId: z.number().int(),
  name: z.string(),
  cartItems: z.array(cartItemSchema),
});
export type CartSector = z.infer<typeof cartSectorSchema>;

const storeChangeLine = {
  itemId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
};
/**
 * What a change of store or service did to the cart (decision 095), sent with the answer of the change (and
 * of its preview): lines no longer available at the new store with the products of their shelf it has,
 * lines whose quantity is more than it holds, lines whose unit price (euro) moved.
 */
export const cartStoreChangeSchema = z.object({
  fromWarehouseId: z.number().int(),
  toWarehouseId: z.number().int(),
  unavailable: z.array(z.object({ ...storeChangeLine, alternativeIds: z.array(z.number().int()) })),
  reduced: z.array(z.object({ ...storeChangeLine, available: z.number() })),
  repriced: z.array(z.object({ ...storeChangeLine, unitPriceBefore: z.number(), unitPrice: z.number() })),
});
export type CartStoreChange = z.infer<typeof cartStoreChangeSchema>;

export const cartSchema = z.object({
  cartId: z.number().int(),
  user: z.object({ userId: z.number().int() }),
  cartStatusId: z.number().int(),
  deliveryServiceId: z.number().int().nullable(),
  store: z.object({ storeId: z.number().int(), name: z.string(), autoAssigned: z.boolean() }),
  warehouse: z.object({ warehouseId: z.number().int(), name: z.string() }),
  shippingAddress: cartShippingAddressSchema.nullable(),
  timeslot: cartTimeslotSchema.nullable(),
  cartInfos: z.record(z.string(), z.string()),
  cartItems: z.array(cartItemSchema),
  /** with show_sectors: the same lines grouped by department */
  sectors: z.array(cartSectorSchema).optional(),
  /** number of lines */
  totalItems: z.number(),
  /** euro (decision 002) */
  deliveryFee: z.number(),
  /**
   * euro: lines paid, lines at list price, their difference, and what is due (lines + fee). The cart calls
   * always send them; they are optional because the delivery screens' carts predate the lines.
   */
  totalPrice: z.number().optional(),
  totalPriceStandard: z.number().optional(),
  totalDiscount: z.number().optional(),
  grossTotal: z.number().optional(),
  /** only in the answer to a change of store or service that moved the cart to another warehouse */
  storeChange: cartStoreChangeSchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

// ---------- requests (spec section 7, Cart and checkout) ----------
/** a number, or its decimal text (form bodies); never null, booleans or arrays coerced into numbers */
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .max(30)
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)
    .transform(Number),
]);
const id = numberLike.pipe(z.number().int().min(1).max(2_147_483_647));
/** a quantity as sent; its rules are the service's (packages/shared cart/quantity.ts) */
const quantity = numberLike.pipe(z.number().refine(Number.isFinite));
const boolText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => (v === true || v === 'true' ? 'true' : 'false'));
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** cart calls also send show_sectors (spec section 7) */
export const cartQuerySchema = z.object({ show_sectors: queryBool.optional() });

export const CART_ITEMS_MAX = 50;
export const ITEM_NOTES_MAX = 500;

export const cartItemInfosSchema = z.object({
  accept_alternatives: boolText.optional(),
  notes: z.string().max(ITEM_NOTES_MAX).optional(),
  /**
   * The product the customer would take if this one is short at picking (issue 20): a product id of the same
   * shelf, sold by the cart's store; '' forgets it. The picking page offers it first.
   */
  preferred_substitute: z
    .string()
    .regex(/^\d{0,10}$/, { message: 'Indicare il prodotto sostitutivo con il suo codice.' })
    .optional(),
});

/** POST /cart/add. Price fields a client may send are not part of the contract: they are dropped. */
export const cartAddItemSchema = z.object({
  productId: id,
  quantity,
  /** Sfuso: the weight in the base unit (kg); when present it wins over quantity */
  weight: quantity.optional(),
  /** the chosen options, { parameterName: key } */
  params: z.record(z.string().max(50), z.string().max(100)).optional(),
  /** where the customer found the product (analytics); not used by the cart */
  searchParams: z.unknown().optional(),
  deliveryWarehouseId: id.optional(),
  /** the selectable promotion chosen in the promo selector */
  warehousePromoId: id.optional(),
  infos: cartItemInfosSchema.optional(),
});
export type CartAddItem = z.infer<typeof cartAddItemSchema>;
export const cartAddBodySchema = z.object({ items: z.array(cartAddItemSchema).min(1).max(CART_ITEMS_MAX) });

/** POST /cart/update: the line's new quantity (0 removes it). */
export const cartUpdateBodySchema = z.object({
  items: z
    .array(
      z.object({ itemId: id, quantity, weight: quantity.optional(), searchParams: z.unknown().optional() }),
    )
    .min(1)
    .max(CART_ITEMS_MAX),
});

/** POST /cart/delete: by line, or every line of a product. */
export const cartDeleteBodySchema = z.object({
  items: z
    .array(z.object({ itemId: id.optional(), productId: id.optional() }))
    .min(1)
    .max(CART_ITEMS_MAX),
});

/** POST /cart/update-cart-info (property, value; need_invoice as the string 'true'). */
export const CART_INFO_PROPERTIES = ['need_invoice', 'accept_alternatives', 'notes'] as const;
export const cartInfoBodySchema = z.object({
  property: z.string().max(50),
  value: z.union([z.string().max(ITEM_NOTES_MAX), z.boolean(), z.number()]).transform(String),
});

/** POST /cart/update-infos: line infos (accept_alternatives, notes). */
export const cartUpdateInfosBodySchema = z.object({
  items: z
    .array(z.object({ itemId: id, infos: cartItemInfosSchema }))
    .min(1)
    .max(CART_ITEMS_MAX),
});
export type CartUpdateInfosBody = z.input<typeof cartUpdateInfosBodySchema>;

/** POST /cart/close (cart_id) */
export const cartCloseBodySchema = z.object({ cart_id: id });

/** GET /cart/purchase-restriction: lines over or near a daily purchase limit. */
export const purchaseRestrictionSchema = z.object({
  restrictions: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      /** the daily limit (base unit), what the open cart holds, what today's orders hold, what is left */
      limit: z.number(),
      inCart: z.number(),
      inOrders: z.number(),
      remaining: z.number(),
      exceeded: z.boolean(),
    }),
  ),
});
export type PurchaseRestriction = z.infer<typeof purchaseRestrictionSchema>;

// ---------- endpoints (the cart module registers them) ----------
export const cartEndpoints = {
  view: endpoint({ method: 'GET', path: '/cart/view', query: cartQuerySchema, response: cartSchema }),
  add: endpoint({
    method: 'POST',
    path: '/cart/add',
    query: cartQuerySchema,
    body: cartAddBodySchema,
    response: cartSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/cart/update',
    query: cartQuerySchema,
    body: cartUpdateBodySchema,
    response: cartSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/cart/delete',
    query: cartQuerySchema,
    body: cartDeleteBodySchema,
    response: cartSchema,
  }),
  updateCartInfo: endpoint({
    method: 'POST',
    path: '/cart/update-cart-info',
    query: cartQuerySchema,
    body: cartInfoBodySchema,
    response: cartSchema,
  }),
  updateInfos: endpoint({
    method: 'POST',
    path: '/cart/update-infos',
    query: cartQuerySchema,
    body: cartUpdateInfosBodySchema,
    response: cartSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/cart/close',
    query: cartQuerySchema,
    body: cartCloseBodySchema,
    response: cartSchema,
  }),
  purchaseRestriction: endpoint({
    method: 'GET',
    path: '/cart/purchase-restriction',
    response: purchaseRestrictionSchema,
  }),
  // the cart's delivery part: store, address and slot the cart is for
  favouriteStore: endpoint({
    method: 'GET',
    path: '/store-proximity/select',
    query: storeSelectQuerySchema,
    response: cartSchema,
  }),
  selectStore: endpoint({
    method: 'POST',
    path: '/store/select',
    // store_id in the query or in the body
    query: storeSelectQuerySchema.partial(),
    body: storeSelectQuerySchema.partial().nullish(),
    response: cartSchema,
  }),
  previewAddress: endpoint({
    method: 'GET',
    path: '/user-address/preview',
    query: addressSelectQuerySchema,
    response: cartSchema,
  }),
  selectAddress: endpoint({
    method: 'POST',
    path: '/user-address/select',
    query: addressSelectQuerySchema,
    response: cartSchema,
  }),
  deliveryFee: endpoint({ method: 'GET', path: '/delivery-fee/view', response: deliveryFeeDataSchema }),
  timeslots: endpoint({
    method: 'GET',
    path: '/timeslot/list',
    query: timeslotListQuerySchema,
    response: timeslotListDataSchema,
  }),
  selectTimeslot: endpoint({
    method: 'GET',
    path: '/timeslot/select',
    query: timeslotSelectQuerySchema,
    response: cartSchema,
  }),
};
