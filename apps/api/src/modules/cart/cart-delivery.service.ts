import type { Cart, CartStoreChange } from '@spesa/shared/contracts/cart';
import {
  CART_STATUS,
  DEFAULT_STORE,
  type DeliveryFeeData,
  type TimeslotDay,
} from '@spesa/shared/contracts/delivery';
import { failWith, ok, type Result } from '../../lib/result';
import { DELIVERY_TEXT } from '../delivery/delivery.messages';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { TimeslotService } from '../delivery/timeslot.service';
import type { CartWire } from './cart-wire';
import type { CartDeliveryPatch, CartRepository, CartRow } from './cart.repository';
import { storeChangeWarnings } from './store-change';

const NO_TIMESLOT: CartDeliveryPatch = {
  timeslotDate: null,
  timeslotId: null,
  slotId: null,
  timeslotAutoAssigned: true,
};

/**
 * The open cart and its delivery part: one open cart per customer, created on first use with the default
 * delivery address or the favourite store (auto-assigned). Choosing an address or a store sets the service,
 * store and warehouse, and drops a chosen time slot that belongs to another calendar; every choice answers
 * the whole new cart. Status 7 (locked for payment) refuses them.
 */
export class CartDeliveryChoice {
  constructor(
    private readonly repo: CartRepository,
    private readonly delivery: DeliveryService,
    private readonly timeslots: TimeslotService,
    private readonly wire: CartWire,
  ) {}

  /** The store whose assortment the customer's open cart shows; the chain's default store without one. */
  async warehouseOf(userId: number): Promise<number> {
    return (await this.repo.findOpenCart(userId))?.warehouseId ?? DEFAULT_STORE.storeId;
  }

  async getOrCreateOpenCart(userId: number): Promise<CartRow> {
    const existing = await this.repo.findOpenCart(userId);
    if (existing) return existing;
    for (const addressId of await this.delivery.defaultAddressIds(userId)) {
      const target = await this.delivery.resolveTarget(userId, addressId);
      if (target.ok)
        return this.repo.createOpenCart(userId, {
          ...this.deliveryPatch(target.data),
          addressAutoAssigned: true,
          storeAutoAssigned: true,
        });
    }
    return this.repo.createOpenCart(userId, {});
  }

  private deliveryPatch(t: DeliveryTarget): CartDeliveryPatch {
    return {
      deliveryServiceId: t.deliveryServiceId,
      storeId: t.storeId,
      warehouseId: t.warehouseId,
      shippingAddressId: t.address.addressId,
    };
  }

  async targetOf(userId: number, cart: CartRow): Promise<DeliveryTarget | null> {
    if (cart.shippingAddressId === null) return null;
    const t = await this.delivery.resolveTarget(userId, cart.shippingAddressId);
    return t.ok ? t.data : null;
  }

  /** What the cart would become with this address (GET /user-address/preview): nothing is saved. */
  async preview(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.wire.chosenSlot(cart, target.data)) !== null;
    const virtual: CartRow = {
      ...cart,
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    };
    const change = await this.wire.storeChange(userId, cart, target.data.warehouseId);
    return this.withChange(await this.wire.toWire(userId, virtual, target.data), change);
  }

  /** A cart answer carrying what the change of store did to it (decision 095), as data and as warnings. */
  private withChange(wire: Cart, change: CartStoreChange | null): Result<Cart> {
    if (!change) return ok(wire);
    const warnings = storeChangeWarnings(change);
    const data = { ...wire, storeChange: change };
    return warnings.length > 0 ? { ok: true, data, warnings } : ok(data);
  }

  /** POST /user-address/select, and the store selections: the cart delivers to this address. */
  async selectAddress(userId: number, addressId: number, deliveryServiceId?: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith(DELIVERY_TEXT.cartLocked);
    const target = await this.delivery.resolveTarget(userId, addressId, deliveryServiceId);
    if (!target.ok) return target;
    const keep = (await this.wire.chosenSlot(cart, target.data)) !== null;
    const change = await this.wire.storeChange(userId, cart, target.data.warehouseId);
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      ...this.deliveryPatch(target.data),
      addressAutoAssigned: false,
      storeAutoAssigned: false,
      ...(keep ? {} : NO_TIMESLOT),
    });
    if (!updated) return failWith(DELIVERY_TEXT.cartLocked);
    await this.delivery.rememberDeliveryAddress(userId, target.data.address);
    return this.withChange(await this.wire.toWire(userId, updated, target.data), change);
  }

  /** POST /store/select: Drive at that store (its pickup point). */
  async selectStore(userId: number, storeId: number): Promise<Result<Cart>> {
    const addressId = await this.delivery.storeAddressId(storeId);
    if (addressId === null) return failWith(DELIVERY_TEXT.storeNotFound, 'notFound');
    return this.selectAddress(userId, addressId);
  }

  /** GET /timeslot/list: the 7 days of the calendar of the cart's address. */
  async timeslotList(
    userId: number,
    showClosed: boolean,
  ): Promise<Result<{ deliveryServiceId: number; days: TimeslotDay[] }>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith(DELIVERY_TEXT.noAddress);
    const chosen = await this.wire.chosenSlot(cart, target);
    const { days, anyAvailable } = await this.timeslots.days(
      target.calendar,
      chosen ? { date: chosen.date, timeslotId: chosen.timeslotId } : null,
      showClosed,
    );
    const data = { deliveryServiceId: target.deliveryServiceId, days };
    return anyAvailable ? ok(data) : { ok: true, data, warnings: [DELIVERY_TEXT.noTimeslotAvailable.text] };
  }

  /** GET /timeslot/select: only a slot with active 1 of the cart's calendar. */
  async selectTimeslot(userId: number, date: string, timeslotId: number): Promise<Result<Cart>> {
    const cart = await this.getOrCreateOpenCart(userId);
    if (cart.cartStatusId === CART_STATUS.locked) return failWith(DELIVERY_TEXT.cartLocked);
    const target = await this.targetOf(userId, cart);
    if (!target) return failWith(DELIVERY_TEXT.noAddress);
    const slot = await this.timeslots.selectable(target.calendar, date, timeslotId);
    if (!slot.ok) return slot;
    const updated = await this.repo.updateDelivery(cart.cartId, CART_STATUS.locked, {
      timeslotDate: date,
      timeslotId,
      slotId: slot.data.slotId,
      timeslotAutoAssigned: false,
    });
    if (!updated) return failWith(DELIVERY_TEXT.cartLocked);
    return ok(await this.wire.toWire(userId, updated, target, false, { slot: slot.data }));
  }

  /** GET /delivery-fee/view: the fee of the cart's service and address (elderly discount included). */
  async deliveryFee(userId: number): Promise<Result<DeliveryFeeData>> {
    const cart = await this.getOrCreateOpenCart(userId);
    const target = await this.targetOf(userId, cart);
    if (!target)
      return ok({
        deliveryServiceId: null,
        zoneId: null,
        deliveryFee: 0,
        deliveryFeeStandard: 0,
        elderly: false,
      });
    const fee = await this.delivery.feeOf(userId, target);
    return ok({
      deliveryServiceId: target.deliveryServiceId,
      zoneId: target.zone?.zoneId ?? null,
      deliveryFee: fee.cents / 100,
      deliveryFeeStandard: fee.standardCents / 100,
      elderly: fee.elderly,
    });
  }

  /** The delivery module asks before deleting an address. */
  async isAddressInUse(userId: number, addressId: number): Promise<boolean> {
    return this.repo.isAddressInOpenCart(userId, addressId);
  }

  /** Account deletion (called by the account module before the addresses are erased). */
  forgetDelivery(userId: number): Promise<void> {
    return this.repo.forgetDelivery(userId);
  }
}
