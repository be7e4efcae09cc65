import {
  canTransition,
  ORDER_STATUS,
  orderStatusLabel,
  type OrderActor,
  type OrderStatusId,
} from '@spesa/shared/orders/order-status';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { failWith, ok, type MessageTable, type Result } from '../../lib/result';
import {
  StatusListenersFailed,
  type ComposedStatusChange,
  type OrderTransition,
  type OrderTransitionListener,
  type OrderTransitionsPort,
  type OrderReadForListeners,
  type OrderTransitionWrite,
} from '../../lib/order-transitions';
import type { ComposedWrite } from '../../lib/composed-write';
import {
  listenerColumns,
  ORDER_FOR_LISTENERS,
  orderForListenersOf,
  type OrderForListeners,
  type OrderForListenersRow,
} from './order-for-listeners';
import type { OrderAccessToken } from './orders.service';

/**
 * The one entry point that changes an order's status (checkout, payments, order actions, staff picking).
 * It checks the declarative transition table (packages/shared orders/order-status.ts), writes the new
 * status only if the order still holds the status the caller read (compare-and-set: two concurrent changes
 * cannot both apply), bumps the order's version and records the change in order_status_history.
 *
 * The change runs on the caller's transaction (the last parameter, decision 074): the listeners of its
 * transition (`OrderTransitionListeners`: the stock, the slot, the gift codes, the wallet… given back when an
 * order is cancelled) join it, so a refused effect rolls the change back with the caller's other writes.
 */
export interface StatusChange {
  orderId: number;
  /** the status the caller read */
  from: number;
  to: OrderStatusId;
  actor: OrderActor;
  actorUserId?: number | null;
  note?: string;
}

/** Refusals of a status change: { code, text }. */
export const ORDER_STATUS_TEXT = {
  notAllowed: {
    code: 'msg.order.statusNotAllowed',
    text: "L'operazione non è possibile nello stato attuale dell'ordine.",
  },
  changed: {
    code: 'msg.order.statusChanged',
    text: "L'ordine è stato aggiornato nel frattempo: ricarica la pagina e riprova.",
  },
} as const satisfies MessageTable;

/** A status change just written (inside the caller's transaction when it passed one). */
export interface StatusChangeEvent {
  orderId: number;
  /** null: the order's first status */
  from: number | null;
  to: OrderStatusId;
  actor: OrderActor;
  /**
   * The order's read-only link (the confirmation's mail), issued with a change to 'ordinato': the change's
   * UPDATE wrote its hash and expiry. Absent otherwise (the order's first status, a change without tokens).
   */
  accessToken?: string;
}
/**
 * Called after every recorded change with the same database handle (so what it writes, e.g. the outbox
 * mail, commits or rolls back with the change). It runs in a savepoint: a listener that fails is logged and
 * never undoes the status change nor another listener's writes. Registered in app.ts (the orders module's mails, decision 018).
 * Listeners read the order as it stands at the change: callers write the order whole (its lines
 * included) before they record its status.
 */
/**
 * An order changed in place, its status kept (decision 099): its lines, slot, address or payment type
 * changed by its customer (an edit through the checkout, a new payment type) or its lines by the staff
 * (a pick: quantity, real weight, substitute).
 */
export interface OrderEditEvent {
  orderId: number;
  /** the order's status, unchanged by the edit */
  status: OrderStatusId;
  actor: OrderActor;
  /** what changed */
  what: 'order' | 'paymentType' | 'pick';
}
export type OrderEditListener = (event: OrderEditEvent, tx: Db) => Promise<void>;
/** A new order's first status (OrderStatusService.onInitial), on the purchase's transaction. */
export type OrderInitialListener = (
  event: { orderId: number; status: OrderStatusId },
  tx: Db,
) => Promise<void>;

export type StatusChangeListener = (event: StatusChangeEvent, once: SharedRead, db: Db) => Promise<void>;

/**
 * A listener's writes as CTEs of the change's own statement (decision 059, session 52), built from the order as
 * the composing writer read it with its lock, before the change: its rows, each written only when the change
 * moved the order. Null: this change's writes cannot be composed (the listener then runs after the statement).
 */
export type StatusChangeComposer = (
  event: StatusChangeEvent,
  order: OrderForListeners,
) => ComposedWrite[] | null;

/**
 * A read made once for all the listeners of one change (e.g. the order, which the confirmation's mail and
 * message both need): the first listener asking loads it, the others get the same value. It lives for the
 * one change only, so nothing is kept across requests.
 */
export type SharedRead = <T>(key: string, load: () => Promise<T>) => Promise<T>;

function sharedReads(order?: OrderForListeners): SharedRead {
  const reads = new Map<string, Promise<unknown>>();
  // the order as the change's own UPDATE returned it: no listener reads it again
  if (order) reads.set(ORDER_FOR_LISTENERS, Promise.resolve(order));
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let read = reads.get(key) as Promise<T> | undefined;
    if (!read) {
      read = load();
      reads.set(key, read);
    }
    return read;
  };
}

/**
 * The listeners of the order's status transitions (decision 074, after Vendure's order process hooks): each
 * module that owns an effect of a transition registers its listener in its `<module>.module.ts`; they run
 * on the change's transaction right after it is written, in the order they were registered (the order the
 * modules are built in app.ts), before the change's notifications (`onChange`). A listener that throws
 * rolls the change back. A future effect (a refund through a provider, a credit note) is one more listener
 * in its own module.
 */
export class OrderTransitionListeners implements OrderTransitionsPort {
  private readonly byStatus = new Map<number, Array<{ name: string; listener: OrderTransitionListener }>>();
  private readonly writesByStatus = new Map<number, Array<{ name: string; write: OrderTransitionWrite }>>();

  onTransition(to: OrderStatusId, name: string, listener: OrderTransitionListener): void {
    this.byStatus.set(to, [...(this.byStatus.get(to) ?? []), { name, listener }]);
  }

  onTransitionWrite(to: OrderStatusId, name: string, write: OrderTransitionWrite): void {
    this.writesByStatus.set(to, [...(this.writesByStatus.get(to) ?? []), { name, write }]);
  }

  /**
   * The names of the effects of a transition to `to`, in the order they run: those written by the change's
   * own statement, then the listeners.
   */
  namesOf(to: OrderStatusId): string[] {
    return [...(this.writesByStatus.get(to) ?? []), ...(this.byStatus.get(to) ?? [])].map(({ name }) => name);
  }

  /** The statements the change writes with its UPDATE (`changed`: its row), in the order registered. */
  writesOf(order: { orderId: number; from: number; to: OrderStatusId }, changed: SQL): SQL[] {
    return (this.writesByStatus.get(order.to) ?? [])
      .map(({ write }) => write(order, changed))
      .filter((w): w is SQL => w !== null);
  }

  /** Runs the listeners of the change one after the other on its transaction; the first to throw stops. */
  async run(order: OrderTransition, tx: Db): Promise<void> {
    for (const { listener } of this.byStatus.get(order.to) ?? []) await listener(order, tx);
  }
}

/** The lines of an order as the transition's listeners read them, once per change. */
function linesOnce(orderId: number, tx: Db): OrderTransition['lines'] {
  let read: ReturnType<OrderTransition['lines']> | null = null;
  return () =>
    (read ??= queryRows<{ productId: number; quantity: number }>(
      tx,
      sql`SELECT product_id AS "productId", quantity::float8 AS quantity FROM order_items
          WHERE order_id = ${orderId} ORDER BY position`,
    ));
}

/** The row a status change's `moved` answers (with the listeners' columns when some listener wants it). */
type MovedRow = {
  version: number;
  userId: number;
  slotId: number;
  warehouseId: number;
} & Partial<OrderForListenersRow>;

export class OrderStatusService {
  private readonly listeners: Array<{
    listener: StatusChangeListener;
    when: (event: StatusChangeEvent) => boolean;
    compose: StatusChangeComposer | null;
  }> = [];

  constructor(
    private readonly onListenerError: (err: unknown) => void = () => {},
    /** the effects of each transition (created before the modules that register them: app.ts) */
    readonly transitions: OrderTransitionListeners = new OrderTransitionListeners(),
    /** a new read-only link's token, written with a change to 'ordinato' (the orders service's) */
    private readonly newAccessToken: (() => OrderAccessToken) | null = null,
  ) {}

  private readonly editListeners: OrderEditListener[] = [];
  private readonly initialListeners: Array<{
    listener: OrderInitialListener;
    when: (status: OrderStatusId) => boolean;
  }> = [];

  /**
   * Listens to the first status of each new order, on the purchase's transaction (like a transition's
   * listeners, decision 074): what it writes commits or rolls back with the order; one that throws undoes it.
   * `when` tells the statuses it writes something for (the others are not given to it).
   */
  onInitial(listener: OrderInitialListener, when: (status: OrderStatusId) => boolean = () => true): void {
    this.initialListeners.push({ listener, when });
  }

  /**
   * A new order's first status as part of one statement another module composes (decision 059, session 46:
   * checkout's one-statement purchase): the history row of `recordInitial`, written once `order` (a CTE
   * answering the order's row) answered. Null when a listener of the first status or of the change wants
   * this one: the caller then records it with `recordInitial`, on a transaction.
   */
  initialSql(
    initial: { orderId: number; status: OrderStatusId; actor: OrderActor; actorUserId: number | null },
    order: SQL,
  ): SQL | null {
    const { orderId, status, actor, actorUserId } = initial;
    if (this.initialListeners.some(({ when }) => when(status))) return null;
    if (this.listeners.some(({ when }) => when({ orderId, from: null, to: status, actor }))) return null;
    return sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor, actor_user_id, note)
               SELECT ${orderId}::int, NULL, ${status}::smallint, ${actor}::text, ${actorUserId}::int, ''
               WHERE EXISTS (SELECT 1 FROM ${order})`;
  }

  /** Listens to the orders changed in place (their status kept), on each edit's transaction. */
  onEdit(listener: OrderEditListener): void {
    this.editListeners.push(listener);
  }

  /**
   * Records that an order was changed in place, once per committed edit: its listeners run on the edit's
   * transaction (`tx`), so what they write commits or rolls back with it; one that throws undoes the edit.
   */
  async recordEdit(event: OrderEditEvent, tx: Db): Promise<void> {
    for (const listener of this.editListeners) await listener(event, tx);
  }

  /**
   * `when` filters the events before the listener's savepoint is opened (two round trips saved); `compose`, when
   * given, writes what the listener would as part of a composed change's statement (`composedTransition`).
   */
  onChange(
    listener: StatusChangeListener,
    when: (event: StatusChangeEvent) => boolean = () => true,
    compose: StatusChangeComposer | null = null,
  ): void {
    this.listeners.push({ listener, when, compose });
  }

  /**
   * The listeners wanting the event run in one savepoint (the confirmation's mail and message: two round
   * trips instead of four); if it fails, it is rolled back and each listener runs again in its own
   * savepoint, so a failing listener neither undoes the status change nor another listener's writes.
   * `order`: the order as the change's UPDATE returned it (none: a listener reads it).
   */
  private async notify(
    event: StatusChangeEvent,
    order: OrderForListeners | undefined,
    unguarded: boolean,
    db: Db,
  ): Promise<void> {
    const wanted = this.wanted(event);
    if (unguarded) {
      // on the caller's transaction itself: a failure is the caller's to undo (ComposedStatusChange.written)
      try {
        const once = sharedReads(order);
        for (const listener of wanted) await listener(event, once, db);
      } catch (err) {
        throw new StatusListenersFailed(err);
      }
      return;
    }
    if (wanted.length > 1) {
      try {
        await db.transaction(async (savepoint) => {
          const once = sharedReads(order);
          for (const listener of wanted) await listener(event, once, savepoint);
        });
        return;
      } catch {
        // one of them failed: each again on its own below, its error logged there
      }
    }
    for (const listener of wanted) {
      try {
        await db.transaction(async (savepoint) => listener(event, sharedReads(order), savepoint));
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  /** The listeners of `onChange` wanting the event, in the order they were registered. */
  private wanted(event: StatusChangeEvent): StatusChangeListener[] {
    return this.listeners.filter(({ when }) => when(event)).map(({ listener }) => listener);
  }

  /**
   * The writes of every listener wanting the event, composed from the order read before the change; null when
   * one of them cannot compose this change (all of them then run after the statement, as without a read).
   */
  private composedWrites(event: StatusChangeEvent, order: OrderForListeners): ComposedWrite[] | null {
    const writes: ComposedWrite[] = [];
    for (const { when, compose } of this.listeners) {
      if (!when(event)) continue;
      const composed = compose?.(event, order) ?? null;
      if (!composed) return null;
      writes.push(...composed);
    }
    return writes;
  }

  /** Records the first status of a new order (no previous status) on the purchase's transaction. */
  async recordInitial(
    initial: {
      orderId: number;
      status: OrderStatusId;
      actor: OrderActor;
      actorUserId: number | null;
      note?: string;
    },
    tx: Db,
  ): Promise<void> {
    const { orderId, status, actor, actorUserId } = initial;
    await tx.execute(
      sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor, actor_user_id, note)
          VALUES (${orderId}, NULL, ${status}, ${actor}, ${actorUserId}, ${initial.note ?? ''})`,
    );
    for (const { listener, when } of this.initialListeners)
      if (when(status)) await listener({ orderId, status }, tx);
    await this.notify({ orderId, from: null, to: status, actor }, undefined, false, tx);
  }

  /**
   * Moves an order along the table on the caller's transaction, then runs the transition's listeners and
   * the change's notifications. A refused or lost change is a typed failure and writes nothing; a listener
   * that throws leaves the change written in `tx` for the caller's rollback to undo.
   */
  async transition(change: StatusChange, tx: Db): Promise<Result<{ version: number }>> {
    const composed = this.composedTransition(change);
    if (!composed) return failWith(ORDER_STATUS_TEXT.notAllowed);
    const [row] = await queryRows<MovedRow>(tx, sql`WITH ${composed.ctes} SELECT * FROM moved`);
    if (!row) return failWith(ORDER_STATUS_TEXT.changed);
    await composed.written(row, { unguarded: false }, tx);
    return ok({ version: row.version });
  }

  /**
   * The change as CTEs of one statement (`transition`'s own, or one another writer of the orders module's
   * records composes: the payment's return, decision 059 session 49): the compare-and-set of the status (also
   * waiting for `when`, an SQL condition, when given), its history row and the effects registered with
   * `onTransitionWrite`, in the order written; `written` then runs the transition's listeners and the
   * change's notifications with the row `moved` answered. With `read` (the order as the composing writer read
   * it with its lock, decision 059 session 52) the notifications whose listeners can compose this change are
   * written by the statement itself instead (`StatusChangeComposer`). Null: the table refuses the change.
   */
  composedTransition(
    change: StatusChange,
    when?: SQL,
    read?: OrderReadForListeners,
  ): ComposedStatusChange | null {
    if (!canTransition(change.from, change.to, change.actor)) return null;
    const { orderId, from, to, actor } = change;
    // a confirmation's read-only link is written with the change itself
    const token = to === ORDER_STATUS.ordered && this.newAccessToken ? this.newAccessToken() : null;
    const event: StatusChangeEvent = {
      orderId,
      from,
      to,
      actor,
      ...(token ? { accessToken: token.token } : {}),
    };
    // the notifications written by the statement itself, from the order read with the composing writer's lock
    const composed = read ? this.composedWrites(event, read as unknown as OrderForListeners) : null;
    // else the listeners' read of the order comes back from the UPDATE when some listener wants the change
    const forListeners = !composed && this.wanted(event).length > 0;
    const writes = this.transitions.writesOf({ orderId, from, to }, sql`moved`);
    const ctes = sql`moved AS (
            UPDATE orders o SET order_status_id = ${to}, version = o.version + 1, updated_at = now()
              ${token ? sql`, access_token_hash = ${token.hash}, access_token_expires_at = ${token.expiresAt.toISOString()}::timestamptz` : sql``}
            WHERE o.order_id = ${orderId} AND o.order_status_id = ${from}${when ? sql` AND ${when}` : sql``}
            RETURNING ${
              forListeners
                ? listenerColumns('o')
                : sql`o.order_id AS "orderId", o.version, o.user_id AS "userId", o.slot_id AS "slotId",
                    o.warehouse_id AS "warehouseId"`
            }
          ), recorded AS (
            INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor, actor_user_id, note)
            SELECT ${orderId}::int, ${from}::int, ${to}::int, ${actor}::text, ${change.actorUserId ?? null}::int,
              ${change.note ?? ''}::text
            FROM moved
          )${sql.join(
            writes.map((write, i) => sql`, ${sql.raw(`write_${i}`)} AS (${write})`),
            sql``,
          )}${sql.join(
            (composed ?? []).map(
              (w, i) => sql`, ${w.ctes(`listener_${i}`, sql`EXISTS (SELECT 1 FROM moved)`)}`,
            ),
            sql``,
          )}`;
    const written = async (
      moved: Record<string, unknown>,
      opts: { unguarded: boolean },
      tx: Db,
    ): Promise<void> => {
      const row = moved as MovedRow;
      await this.transitions.run(
        {
          orderId,
          from,
          to,
          actor,
          userId: row.userId,
          slotId: row.slotId,
          warehouseId: row.warehouseId,
          lines: linesOnce(orderId, tx),
        },
        tx,
      );
      if (composed) {
        for (const w of composed) w.written?.();
        return;
      }
      await this.notify(
        event,
        forListeners ? orderForListenersOf(row as OrderForListenersRow) : undefined,
        opts.unguarded,
        tx,
      );
    };
    return { ctes, written };
  }

  label(status: number): string {
    return orderStatusLabel(status);
  }
}
