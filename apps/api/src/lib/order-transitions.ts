import type { OrderActor, OrderStatusId } from '@spesa/shared/orders/order-status';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * An order's status change as the modules listening to its transition see it (decision 074). The orders
 * module owns the status and runs the listeners (modules/orders/order-status.service.ts); the types live here
 * so that a module the module graph does not let import orders (catalogue, delivery, loyalty, payment) can
 * register one through the port its `<module>.module.ts` takes.
 */
export interface OrderTransition {
  orderId: number;
  /** the order's customer */
  userId: number;
  /** the status the order left */
  from: number;
  to: OrderStatusId;
  actor: OrderActor;
  /** the slot the order booked */
  slotId: number;
  /** the warehouse that prepares the order and holds its stock (decision 095) */
  warehouseId: number;
  /** the order's lines (product and quantity), read once on the change's transaction for all listeners */
  lines(): Promise<ReadonlyArray<{ productId: number; quantity: number }>>;
}

/**
 * What a module does when an order reaches a status: it runs on the status change's transaction, after the
 * change is written, each listener of the transition in the order of registration. A listener that fails
 * throws (an `Abort` carrying the typed refusal, lib/result.ts): the caller's transaction rolls back, the
 * status change with it, and the caller answers the refusal.
 */
export type OrderTransitionListener = (order: OrderTransition, tx: Db) => Promise<void>;

/**
 * An effect of a transition that is one row written with the change (a feed's event): the module gives the
 * data-modifying statement, and the orders module composes it into the change's own statement (a CTE beside
 * the status's UPDATE and its history row), so it costs no round trip and commits or rolls back with the
 * change. `changed` names the row the change wrote (its column `"orderId"`), empty when the change lost its
 * compare-and-set: the write reads from it (`INSERT … SELECT … FROM changed`), so it writes nothing then.
 * Null: nothing to write for this change.
 */
export type OrderTransitionWrite = (
  order: { orderId: number; from: number; to: OrderStatusId },
  changed: SQL,
) => SQL | null;

/** The port through which a module registers its listener of a transition (the orders module offers it). */
export interface OrderTransitionsPort {
  /** `name` says whose effect it is (`'<module>: <what>'`), for the logs and the order's tests */
  onTransition(to: OrderStatusId, name: string, listener: OrderTransitionListener): void;
  /** an effect written by the change's own statement (before the listeners of `onTransition` run) */
  onTransitionWrite(to: OrderStatusId, name: string, write: OrderTransitionWrite): void;
}

declare const orderReadBrand: unique symbol;
/**
 * The order as its status change's listeners read it, read by a composing writer together with its lock of the
 * order (`OrderPlacementRepository.lockAuthorizationAndOrder`): opaque outside the orders module, given back to
 * `composedTransition` so that the listeners' writes join the change's own statement (decision 059, session 52).
 */
export type OrderReadForListeners = { readonly [orderReadBrand]: true };

/**
 * An order's status change as part of one statement another writer of the orders module's records composes
 * (the payment's return: its event, its attempt's status and the order's move in one round trip; decision
 * 059, session 49). Given by `OrderStatusService.composedTransition`.
 */
export interface ComposedStatusChange {
  /**
   * the change's named CTEs for the composing statement's WITH: `moved` (the order's row once moved, its columns
   * named as the composing SELECT answers them: `moved.*`), its history row, its effects
   */
  ctes: SQL;
  /**
   * the change's listeners and notifications, run once the statement answered the moved order's row (those
   * composed into `ctes` are not run again: their writes were part of the statement).
   * `unguarded`: the notifications run on `tx` itself, without their savepoint (two round trips fewer); one
   * that fails throws `StatusListenersFailed`, and the caller rolls its transaction back and makes the change
   * again with them guarded, so that a failing mail or message still never undoes the change.
   */
  written(row: Record<string, unknown>, opts: { unguarded: boolean }, tx: Db): Promise<void>;
}

/** A status change's notifications failed where they ran unguarded (`ComposedStatusChange.written`). */
export class StatusListenersFailed extends Error {
  constructor(readonly failure: unknown) {
    super("an order status change's notifications failed without their savepoint");
  }
}
