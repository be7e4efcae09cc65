/**
 * Order statuses (spec section 4) and the one table of allowed transitions (house style: a declarative
 * table, not scattered ifs). Every status change on the server goes through `canTransition`, and the
 * customer's actions (edit, cancel, retry payment, change payment type) are derived from the status here.
 *
 * Reading of the spec's codes:
 * - 1 in payment: the order exists, an online payment was started (the customer is on the provider's page).
 * - 2 awaiting payment confirmation: the provider answered "pending".
 * - 3 ordered: confirmed (online payment authorised, or a payment type without provider).
 * - 4 at warehouse: sent to the store's system; still editable.
 * - 18 in preparation: a picker started it (staff "start preparation"); 5 is the same stage set by the
 *   warehouse system. From either one the order is no longer editable nor cancellable by the customer.
 * - 6 prepared (real amount captured), 7 out for delivery, 8 delivered, 9 partially delivered,
 *   12 not collected (pickup), 13 failed, 14 failed (all sub-orders failed).
 * - 10 cancelled (nothing charged), 11 invalidated (online payment failed; the customer may retry).
 */
export const ORDER_STATUS = {
  inPayment: 1,
  awaitingPayment: 2,
  ordered: 3,
  atWarehouse: 4,
  inPreparation: 5,
  prepared: 6,
  outForDelivery: 7,
  delivered: 8,
  partiallyDelivered: 9,
  cancelled: 10,
  invalidated: 11,
  notCollected: 12,
  failed: 13,
  failedAll: 14,
  preparing: 18,
} as const;
export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Italian labels shown to the customer (order list, detail, e-mails). */
export const ORDER_STATUS_LABEL: Record<OrderStatusId, string> = {
  1: 'In pagamento',
  2: 'In attesa di conferma del pagamento',
  3: 'Ordinato',
  4: 'Presso il punto vendita',
  5: 'In preparazione',
  6: 'Preparato',
  7: 'In consegna',
  8: 'Consegnato',
  9: 'Consegnato parzialmente',
  10: 'Annullato',
  11: 'Pagamento non riuscito',
  12: 'Non ritirato',
  13: 'Non riuscito',
  14: 'Non riuscito',
  18: 'In preparazione',
};

export const ORDER_STATUS_IDS = Object.keys(ORDER_STATUS_LABEL).map(Number) as OrderStatusId[];

export function isOrderStatusId(n: number): n is OrderStatusId {
  return (ORDER_STATUS_IDS as number[]).includes(n);
}

/** Who moves an order: the customer, the payment provider (return / webhook), staff, or the system. */
export type OrderActor = 'customer' | 'provider' | 'staff' | 'system';

export interface OrderTransition {
  from: OrderStatusId;
  to: OrderStatusId;
  actors: readonly OrderActor[];
  /** why this edge exists (documentation, also shown in tests) */
  why: string;
}

const S = ORDER_STATUS;

/** The allowed transitions. A change not listed here is refused. */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // payment
  { from: S.inPayment, to: S.ordered, actors: ['provider'], why: 'payment authorised' },
  { from: S.inPayment, to: S.awaitingPayment, actors: ['provider'], why: 'payment pending' },
  { from: S.inPayment, to: S.invalidated, actors: ['provider', 'system'], why: 'payment declined' },
  { from: S.awaitingPayment, to: S.ordered, actors: ['provider'], why: 'pending payment confirmed' },
  {
    from: S.awaitingPayment,
    to: S.invalidated,
    actors: ['provider', 'system'],
    why: 'pending payment refused',
  },
  {
    from: S.ordered,
    to: S.invalidated,
    actors: ['provider'],
    why: 'the renewal of a card hold that would lapse before the slot was refused',
  },
  {
    from: S.atWarehouse,
    to: S.invalidated,
    actors: ['provider'],
    why: 'the renewal of a card hold that would lapse before the slot was refused',
  },
  { from: S.invalidated, to: S.inPayment, actors: ['customer'], why: 'retry payment' },
  {
    from: S.invalidated,
    to: S.ordered,
    actors: ['provider', 'customer'],
    why: 'late success, or paid on delivery',
  },
  {
    from: S.inPayment,
    to: S.ordered,
    actors: ['customer'],
    why: 'payment type changed to one without provider',
  },
  // the customer cancels before preparation
  { from: S.inPayment, to: S.cancelled, actors: ['customer', 'system'], why: 'cancelled' },
  { from: S.awaitingPayment, to: S.cancelled, actors: ['customer', 'system'], why: 'cancelled' },
  { from: S.ordered, to: S.cancelled, actors: ['customer', 'staff'], why: 'cancelled' },
  { from: S.atWarehouse, to: S.cancelled, actors: ['customer', 'staff'], why: 'cancelled' },
  { from: S.invalidated, to: S.cancelled, actors: ['customer', 'system'], why: 'cancelled' },
  // an edited order bought again with an online payment goes back through payment
  { from: S.ordered, to: S.inPayment, actors: ['customer'], why: 'modified order paid again online' },
  { from: S.atWarehouse, to: S.inPayment, actors: ['customer'], why: 'modified order paid again online' },
  // warehouse and picking
  { from: S.ordered, to: S.atWarehouse, actors: ['system', 'staff'], why: 'sent to the store' },
  { from: S.ordered, to: S.preparing, actors: ['staff'], why: 'picking started' },
  { from: S.atWarehouse, to: S.preparing, actors: ['staff'], why: 'picking started' },
  { from: S.ordered, to: S.inPreparation, actors: ['system'], why: 'warehouse system started it' },
  { from: S.atWarehouse, to: S.inPreparation, actors: ['system'], why: 'warehouse system started it' },
  { from: S.inPreparation, to: S.preparing, actors: ['staff'], why: 'picker took it over' },
  { from: S.preparing, to: S.prepared, actors: ['staff'], why: 'prepared, real amount captured' },
  {
    from: S.inPreparation,
    to: S.prepared,
    actors: ['staff', 'system'],
    why: 'prepared, real amount captured',
  },
  // delivery
  { from: S.prepared, to: S.outForDelivery, actors: ['staff'], why: 'out for delivery' },
  { from: S.prepared, to: S.delivered, actors: ['staff'], why: 'collected at the store or locker' },
  { from: S.prepared, to: S.partiallyDelivered, actors: ['staff'], why: 'collected in part' },
  { from: S.prepared, to: S.notCollected, actors: ['staff', 'system'], why: 'never collected' },
  { from: S.outForDelivery, to: S.delivered, actors: ['staff'], why: 'delivered' },
  { from: S.outForDelivery, to: S.partiallyDelivered, actors: ['staff'], why: 'delivered in part' },
  { from: S.outForDelivery, to: S.failed, actors: ['staff'], why: 'delivery failed' },
  { from: S.prepared, to: S.failed, actors: ['staff', 'system'], why: 'failed' },
  { from: S.preparing, to: S.failed, actors: ['staff', 'system'], why: 'could not be prepared' },
  { from: S.failed, to: S.failedAll, actors: ['system'], why: 'every sub-order failed' },
];

/** The table indexed: "from>to" -> actors. */
const EDGES = new Map<string, readonly OrderActor[]>();
for (const t of ORDER_TRANSITIONS) {
  const key = `${t.from}>${t.to}`;
  EDGES.set(key, [...(EDGES.get(key) ?? []), ...t.actors]);
}

export function canTransition(from: number, to: number, actor: OrderActor): boolean {
  return EDGES.get(`${from}>${to}`)?.includes(actor) ?? false;
}

/** The statuses an actor may move an order to from `from`. */
export function nextStatuses(from: number, actor: OrderActor): OrderStatusId[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.actors.includes(actor)).map((t) => t.to);
}

/** Before 'in preparazione': the customer may edit the order (it reopens as the cart). */
const EDITABLE: ReadonlySet<number> = new Set([S.ordered, S.atWarehouse, S.invalidated]);
/** Before 'in preparazione': the customer may cancel (the authorisation is voided, the slot freed). */
const CANCELLABLE: ReadonlySet<number> = new Set([
  S.inPayment,
  S.awaitingPayment,
  S.ordered,
  S.atWarehouse,
  S.invalidated,
]);
/** A failed online payment (11), or one abandoned on the provider's page (1). */
const RETRYABLE: ReadonlySet<number> = new Set([S.invalidated, S.inPayment]);
/** The payment type may change while nothing is prepared nor pending at the provider. */
const PAYMENT_CHANGEABLE: ReadonlySet<number> = new Set([
  S.inPayment,
  S.ordered,
  S.atWarehouse,
  S.invalidated,
]);
/** The order is over: nothing more happens to it. */
const FINAL: ReadonlySet<number> = new Set([
  S.delivered,
  S.partiallyDelivered,
  S.cancelled,
  S.notCollected,
  S.failed,
  S.failedAll,
]);

export const isEditable = (status: number): boolean => EDITABLE.has(status);
export const isCancellable = (status: number): boolean => CANCELLABLE.has(status);
export const canRetryPayment = (status: number): boolean => RETRYABLE.has(status);
export const canChangePaymentType = (status: number): boolean => PAYMENT_CHANGEABLE.has(status);
export const isFinal = (status: number): boolean => FINAL.has(status);
/** The customer may rate an order once it reached them, in full or in part. */
export const canRate = (status: number): boolean => status === S.delivered || status === S.partiallyDelivered;
/** Orders still holding their slot's place and their stock (not cancelled). */
export const holdsSlot = (status: number): boolean => status !== S.cancelled;
/** An order awaiting pickup (account deletion is refused meanwhile, spec section 4). */
export const isAwaitingPickup = (status: number): boolean => !FINAL.has(status);

export function orderStatusLabel(status: number): string {
  return isOrderStatusId(status) ? ORDER_STATUS_LABEL[status] : 'Stato sconosciuto';
}
