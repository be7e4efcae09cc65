import { formatCents } from '@spesa/shared/format/price';
import { WALLET_PAGE_SIZE, type WalletMovement, type WalletView } from '@spesa/shared/contracts/loyalty';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import { LOYALTY_INFO_TEXT, LOYALTY_TEXT, WALLET_CAUSE_TEXT } from './loyalty.messages';
import type { MovementRow, MovementWrite, WalletRepository } from './wallet.repository';

/** The back office's audit log, written in the credit's own transaction (the backoffice module owns it). */
export interface WalletAuditPort {
  record(
    e: {
      staff: { userId: number; name: string };
      action: string;
      userId: number;
      before: unknown;
      after: unknown;
    },
    db: Db,
  ): Promise<void>;
}

/**
 * Told of a goodwill credit tied to an order, in the credit's transaction (the invoices module's credit note,
 * decision 094): a listener that throws an Abort refuses the credit with its message, nothing written.
 */
export type GoodwillListener = (
  credit: { movementId: number; userId: number; orderId: number; amountCents: number; reason: string },
  tx: Db,
) => Promise<void>;

/** A staff member as the access gate hands them over. */
export interface WalletStaff {
  userId: number;
  name: string;
}

const euros = (cents: number) => cents / 100;

function movementOf(r: MovementRow): WalletMovement {
  const cause = WALLET_CAUSE_TEXT[r.cause];
  return {
    movementId: r.movementId,
    amount: euros(r.amountCents),
    balance: euros(r.balanceCents),
    cause: r.cause,
    description: r.cause === 'goodwill' && r.reason ? `${cause}: ${r.reason}` : cause,
    orderId: r.orderId,
    date: r.createdAt,
  };
}

/**
 * The wallet (decision 037): the customer's credits with the chain as a ledger in cents. Reads answer the
 * balance and a page of movements; every change is one appended movement (WalletRepository.append), inside
 * the caller's transaction when it is part of something bigger (an order's payment), never below zero and
 * never twice for one idempotency key.
 */
export class WalletService {
  readonly #goodwill: GoodwillListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly repo: WalletRepository,
    private readonly audit: WalletAuditPort,
  ) {}

  /** A module told of every goodwill credit tied to an order (the port the loyalty module offers). */
  onGoodwill(listener: GoodwillListener): void {
    this.#goodwill.push(listener);
  }

  /** GET /wallet/view: the balance and a page of movements, newest first. */
  async view(userId: number, page = 1): Promise<Result<WalletView>> {
    const balance = await this.repo.balance(userId);
    const list = await this.repo.page(userId, page, WALLET_PAGE_SIZE);
    return ok({
      balance: euros(balance),
      movements: list.rows.map(movementOf),
      page: {
        selPage: page,
        totPages: Math.ceil(list.total / WALLET_PAGE_SIZE),
        totItems: list.total,
        itemsPerPage: WALLET_PAGE_SIZE,
      },
    });
  }

  /**
   * One movement in the caller's transaction (another module's: an order paid with the wallet, a refund).
   * A key already used answers its movement again without a second one; a spend above the balance fails.
   */
  async move(userId: number, move: MovementWrite, tx: Db): Promise<Result<MovementRow>> {
    if (!Number.isSafeInteger(move.amountCents) || move.amountCents === 0)
      throw new Error('a wallet movement is a whole, non-zero number of cents');
    // the key is looked up under the ledger's lock: a concurrent request with the same key waits, then finds it
    await this.repo.lock(userId, tx);
    if (move.idempotencyKey) {
      const done = await this.repo.byKey(move.idempotencyKey, tx);
      if (done) return ok(done);
    }
    const row = await this.repo.append(userId, move, tx);
    return row ? ok(row) : failWith(LOYALTY_TEXT.notEnough);
  }

  /**
   * Sets the part of an order paid with the wallet, in the caller's transaction (checkout's buy, an edited
   * order, the order's payment change): what the order already holds is given back, then `cents` is taken,
   * both as movements naming the order (nothing is written when the part does not change). Fails with
   * nothing written when the balance does not cover it: the caller rolls its transaction back.
   */
  async payOrder(userId: number, orderId: number, cents: number, tx: Db): Promise<Result<{ cents: number }>> {
    if (!Number.isSafeInteger(cents) || cents < 0)
      throw new Error('an order part is a whole number of cents');
    await this.repo.lock(userId, tx);
    const held = await this.repo.heldByOrder(orderId, tx);
    if (held && held.userId !== userId) throw new Error(`order ${orderId} is paid from another wallet`);
    const holding = held?.cents ?? 0;
    if (holding === cents) return ok({ cents });
    if (holding > 0)
      await this.repo.append(userId, { amountCents: holding, cause: 'order_refund', orderId }, tx);
    if (cents > 0) {
      const spent = await this.repo.append(
        userId,
        {
          amountCents: -cents,
          cause: 'order_payment',
          orderId,
        },
        tx,
      );
      if (!spent) return failWith(LOYALTY_TEXT.notEnough);
    }
    return ok({ cents });
  }

  /**
   * The wallet's part of an order inserted by the caller's transaction: it holds nothing yet, so there is
   * nothing to read or give back first; the ledger's append locks it and checks the balance.
   */
  async payNewOrder(
    userId: number,
    orderId: number,
    cents: number,
    tx: Db,
  ): Promise<Result<{ cents: number }>> {
    if (!Number.isSafeInteger(cents) || cents <= 0)
      throw new Error("a new order's wallet part is a positive whole number of cents");
    const spent = await this.repo.append(
      userId,
      {
        amountCents: -cents,
        cause: 'order_payment',
        orderId,
      },
      tx,
    );
    return spent ? ok({ cents }) : failWith(LOYALTY_TEXT.notEnough);
  }

  /**
   * Gives back to the wallet what an order took from it, in the caller's transaction: all of it (the order
   * is cancelled) or at most `cents` (goods not delivered). Answers the cents given back (0: nothing held).
   */
  async returnOrderPart(orderId: number, cents: number | undefined, tx: Db): Promise<number> {
    const seen = await this.repo.heldByOrder(orderId, tx);
    if (!seen || seen.cents === 0) return 0;
    await this.repo.lock(seen.userId, tx);
    const held = await this.repo.heldByOrder(orderId, tx);
    const back = Math.min(held?.cents ?? 0, cents ?? Number.MAX_SAFE_INTEGER);
    if (back <= 0) return 0;
    await this.repo.append(seen.userId, { amountCents: back, cause: 'order_refund', orderId }, tx);
    return back;
  }

  /** The customer's order (the orders module's table, read only: decision 029). */
  async #customersOrder(userId: number, orderId: number, db: Db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT order_id AS id FROM orders WHERE order_id = ${orderId} AND user_id = ${userId}`,
    );
    return rows.length > 0;
  }

  async #customerExists(userId: number, db: Db = this.db): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT user_id AS id FROM users WHERE user_id = ${userId}`,
    );
    return rows.length > 0;
  }

  /** GET /admin/customers/:id/wallet */
  async adminView(userId: number, page = 1): Promise<Result<{ data: WalletView & { userId: number } }>> {
    if (!(await this.#customerExists(userId))) return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
    const wallet = await this.view(userId, page);
    return wallet.ok ? ok({ data: { ...wallet.data, userId } }) : wallet;
  }

  /**
   * POST /admin/customers/:id/wallet-credit: a goodwill credit by customer service, with the reason the
   * customer reads, tied to one of the customer's orders when it answers a complaint about it; the credit,
   * what the listeners do with it (an invoiced order's credit note) and its audit record in one transaction.
   */
  async grantGoodwill(
    staff: WalletStaff,
    userId: number,
    credit: { amount: number; reason: string; orderId?: number | undefined },
  ): Promise<Result<{ data: WalletView & { userId: number } }>> {
    const amountCents = Math.round(credit.amount * 100);
    const orderId = credit.orderId ?? null;
    const done = await this.db
      .transaction(async (tx) => {
        if (!(await this.#customerExists(userId, tx)))
          return failWith(LOYALTY_TEXT.customerNotFound, 'notFound');
        if (orderId !== null && !(await this.#customersOrder(userId, orderId, tx)))
          return failWith(LOYALTY_TEXT.orderNotFound, 'notFound');
        const moved = await this.move(
          userId,
          { amountCents, cause: 'goodwill', staffUserId: staff.userId, reason: credit.reason, orderId },
          tx,
        );
        if (!moved.ok) return moved;
        if (orderId !== null)
          for (const listener of this.#goodwill)
            await listener(
              { movementId: moved.data.movementId, userId, orderId, amountCents, reason: credit.reason },
              tx,
            );
        await this.audit.record(
          {
            staff,
            action: 'wallet-credit',
            userId,
            before: { balanceCents: moved.data.balanceCents - amountCents },
            // the reason's length, not its words: the audit log holds no free text about a customer
            after: {
              balanceCents: moved.data.balanceCents,
              amountCents,
              orderId,
              reasonLength: credit.reason.length,
            },
          },
          tx,
        );
        return ok(moved.data);
      })
      .catch((error: unknown) => {
        if (error instanceof Abort) return error.failure;
        throw error;
      });
    if (!done.ok) return done;
    const wallet = await this.adminView(userId);
    if (!wallet.ok) return wallet;
    return ok(wallet.data, [LOYALTY_INFO_TEXT.credited(formatCents(amountCents))]);
  }
}
