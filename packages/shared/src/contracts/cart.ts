import { z } from 'zod';
import { addressClassSchema } from './delivery';

/**
 * The cart as the platform sends it (spec section 3, Cart). Issue 4 fills its delivery part (store,
 * warehouse, shipping address, time slot, auto-assignment flags, fee); items arrive with the next issue,
 * so `cartItems` is empty and `totalItems` 0 for now. Every select call answers this whole cart.
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
  cartItems: z.array(z.unknown()),
  totalItems: z.number(),
  /** euro (decision 002) */
  deliveryFee: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;
