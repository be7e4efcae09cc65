import type { Cart, CartStoreChange } from '@spesa/shared/contracts/cart';
import {
  CART_STATUS,
  DEFAULT_STORE,
  type DeliveryFeeData,
  type TimeslotDay,
} from '@spesa/shared/contracts/delivery';
import { failWith, ok, type Result } from '../../lib/result';
import type { CartProductFacts, CatalogueService } from '../catalogue/catalogue.service';
import type { Buyer } from '../catalogue/promo-audience';
import { DELIVERY_TEXT } from '../delivery/delivery.messages';
import type { DeliveryService, DeliveryTarget } from '../delivery/delivery.service';
import type { KindedSlotRow } from '../delivery/delivery-parts';
import type { SlotView, TimeslotService } from '../delivery/timeslot.service';
import type { CartWire } from './cart-wire';
import type {
  CartDeliveryPatch,
  CartItemRow,
  CartRepository,
  CartRow,
  OpenCartParts,
} from './cart.repository';
import { storeChangeWarnings } from './store-change';

/** The open cart as `readCart` read it, with its delivery target and slots resolved. */
export interface CartRead extends OpenCartParts {
  target: DeliveryTarget | null;
  /** the cart's valid chosen slot (null: none) */
  slot: SlotView | null;
  /** the first slot a customer could choose now (undefined: not asked) */
  firstAvailable?: SlotView | null | undefined;
  /** the slot a timeslot/select asked for, as read in the cart's calendar */
  wanted: KindedSlotRow | null;
  lines: CartItemRow[];
  /** asked with `products`: the facts of the lines' products and of those asked, at the cart's warehouse */
  facts?: { warehouseId: number; byProduct: ReadonlyMap<number, CartProductFacts> };
}

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
    private readonly catalogue: CatalogueService,
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

  /**
   * The open cart with what a cart call reads of it, in one statement (`CartRepository.openCartParts`), and
   * the delivery target and slots resolved from it: `firstAvailable` also resolves the first slot a
   * customer could choose (when the cart has no valid chosen one); `wanted` reads the slot a
   * timeslot/select asks for; `products` also reads the facts of the lines' products and of these (prices,
   * stock, promotions and availability in the same statement, the rest from the catalogue's snapshot). A
   * customer without an open cart gets one first (as getOrCreateOpenCart).
   */
  async readCart(
    userId: number,
    opts: {
      firstAvailable: boolean;
      wanted?: { date: string; timeslotId: number };
      products?: readonly number[];
      /** the same read, already made (the session's companion); null: read it here */
      read?: OpenCartParts | null;
    },
  ): Promise<CartRead> {
    const days = this.timeslots.window();
    const window = opts.firstAvailable ? this.timeslots.windowAsk() : null;
    const products = opts.products ? { today: this.catalogue.today(), productIds: opts.products } : null;
    let parts = opts.read ?? (await this.repo.openCartParts(userId, window, opts.wanted ?? null, products));
    if (!parts) {
      await this.getOrCreateOpenCart(userId);
      parts = await this.repo.openCartParts(userId, window, opts.wanted ?? null, products);
      if (!parts) throw new Error('readCart: no open cart after creating it');
    }
    const facts = parts.products && {
      warehouseId: parts.cart.warehouseId,
      byProduct: await this.catalogue.cartProductsOf(parts.products),
    };
    const { cart, delivery } = parts;
    const target =
      cart.shippingAddressId !== null && delivery
        ? await this.delivery.targetFromParts(userId, delivery)
        : null;
    const slot = target ? this.timeslots.chosenFrom(target.calendar, cart, delivery?.chosen ?? null) : null;
    const firstAvailable =
      target && !slot && opts.firstAvailable
        ? await this.timeslots.firstAvailableFrom(target.calendar, days, delivery?.window ?? null)
        : undefined;
    return {
      ...parts,
      target,
      slot,
      firstAvailable,
      wanted: delivery?.wanted ?? null,
      ...(facts ? { facts } : {}),
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

  /**
   * GET /timeslot/select: only a slot with active 1 of the cart's calendar. The cart, its lines, infos,
   * address, the slot asked for and the lines' products' prices, stock and promotions are read in one
   * statement (`readCart`); the answer is built from them and the update's row.
   */
  async selectTimeslot(
    userId: number,
    date: string,
    timeslotId: number,
    known: { buyer?: Buyer; read?: OpenCartParts | null } = {},
  ): Promise<Result<Cart>> {
    const read = await this.readCart(userId, {
      firstAvailable: false,
      wanted: { date, timeslotId },
      products: [],
      read: known.read ?? null,
    });
    const { cart, target } = read;
    if (cart.cartStatusId === CART_STATUS.locked) return failWith(DELIVERY_TEXT.cartLocked);
    if (!target) return failWith(DELIVERY_TEXT.noAddress);
    const slot = await this.timeslots.selectableFrom(target.calendar, date, timeslotId, read.wanted);
    if (!slot.ok) return slot;
    const updated = await this.repo.chooseSlot(cart.cartId, CART_STATUS.locked, {
      timeslotDate: date,
      timeslotId,
      slotId: slot.data.slotId,
    });
    if (!updated) return failWith(DELIVERY_TEXT.cartLocked);
    return ok(
      await this.wire.toWire(userId, updated, target, false, {
        slot: slot.data,
        rows: read.lines,
        infos: read.infos,
        ...(read.facts ? { facts: read.facts } : {}),
        ...(known.buyer ? { buyer: known.buyer } : {}),
      }),
    );
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
