import {
  fromMilli,
  parseSellingRules,
  refusalMessage,
  roundQuantity,
  toMilli,
  validateQuantity,
  type QuantityRefusal,
  type SellingRules,
} from '@spesa/shared/cart/quantity';
import type { Cart, CartAddItem } from '@spesa/shared/contracts/cart';
import {
  LISTS_PAGE_SIZE,
  type ListGrant,
  type Wishlist,
  type WishlistAddItem,
  type WishlistItem,
  type WishlistListData,
  type WishlistListQuery,
  type WishlistUpdateItem,
  type WishlistView,
} from '@spesa/shared/contracts/lists';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/rows';
import { Abort, fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { CatalogueService, StoreProduct } from '../catalogue/catalogue.service';
import { CART_TEXT } from '../cart/cart.messages';
import type { CartOutcome } from '../cart/cart.service';
import { LISTS_INFO_TEXT, LISTS_LIMITS, LISTS_TEXT } from './lists.messages';
import type { ListItemRow, ListRow, ListsRepository, ShareRow } from './lists.repository';

/** The cart service as the lists need it: /cart/add-all-from-wishlist goes through its rules. */
export interface ListsCartPort {
  add(userId: number, items: CartAddItem[], showSectors?: boolean): Promise<CartOutcome>;
  view(userId: number, showSectors?: boolean): Promise<Result<Cart>>;
  /** the warehouse of the customer's open cart: which products are sold to them */
  warehouseOf(userId: number): Promise<number>;
}

/** The catalogue as the lists read it. */
export type ListsCataloguePort = Pick<CatalogueService, 'productsAt'>;

/** The item changes of one call, answered with the whole list or with every refusal (nothing changed). */
export interface ListItemsOutcome {
  list: WishlistView;
  failures: Failure[];
  infos: string[];
}

/** Infos the cart keeps as line infos; every other key of a list item's infos is a chosen option. */
const LINE_INFO_KEYS = new Set(['accept_alternatives', 'notes']);

const isLoose = (rules: SellingRules) => rules.sellingType === 'Sfuso';

function quantityFailure(rules: SellingRules, refusal: QuantityRefusal, productName: string): Failure {
  const { key, text } = refusalMessage(rules, refusal);
  return fail(key, `${productName}: ${text}`);
}

/**
 * The selling rules a list holds a quantity to: those of the cart (minimum, multiple, weight step, line
 * maximum), without the stock and the daily limit, which the cart checks when the list goes into it.
 */
function checkListQuantity(f: StoreProduct, quantity: number): Result<number> {
  const rules = parseSellingRules(f.product);
  const check = validateQuantity(rules, quantity);
  return check.ok ? ok(check.quantity) : quantityFailure(rules, check.refusal, f.product.name);
}

/**
 * The customer's shopping lists (decision 035): their own lists and those shared with them. Every read and
 * change starts from the lists the customer can see (`ListsRepository.findVisible`): another customer's list
 * or item answers exactly like a missing one. Owners do everything; a WRITE grantee changes the products; a
 * READ grantee only views the list and puts it in the cart (spec section 6).
 */
export class ListsService {
  constructor(
    private readonly repo: ListsRepository,
    private readonly catalogue: ListsCataloguePort,
    private readonly cart: ListsCartPort,
  ) {}

  // ---------- reading ----------
  private toWire(row: ListRow, shares: readonly ShareRow[]): Wishlist {
    return {
      id: row.listId,
      listId: row.listId,
      name: row.name,
      size: row.size,
      isDefault: row.isDefault,
      confirmedAddressId: row.role === 'OWNER' ? row.confirmedAddressId : null,
      confirmedAt: row.role === 'OWNER' ? row.confirmedAt : null,
      sharingData: {
        grant: row.role,
        owner: { userId: row.ownerId, name: row.ownerName },
        sharedWith:
          row.role === 'OWNER'
            ? shares
                .filter((s) => s.listId === row.listId)
                .map((s) => ({ userId: s.userId, name: s.name, email: s.email, grant: s.grant }))
            : [],
      },
    };
  }

  private async summaries(rows: readonly ListRow[]): Promise<Wishlist[]> {
    const owned = rows.filter((r) => r.role === 'OWNER').map((r) => r.listId);
    const shares = await this.repo.sharesOf(owned);
    return rows.map((r) => this.toWire(r, shares));
  }

  private async summary(userId: number, listId: number): Promise<Result<Wishlist>> {
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    const [wire] = await this.summaries([row]);
    return wire ? ok(wire) : failWith(LISTS_TEXT.listNotFound, 'notFound');
  }

  /** GET /wishlist/list */
  async list(userId: number, q: WishlistListQuery): Promise<Result<WishlistListData>> {
    const pageSize = q.pageSize ?? LISTS_PAGE_SIZE;
    const totItems = await this.repo.countVisible(userId);
    const totPages = Math.max(1, Math.ceil(totItems / pageSize));
    const selPage = q.page ?? 1;
    const rows =
      selPage > totPages ? [] : await this.repo.listVisible(userId, pageSize, (selPage - 1) * pageSize);
    return ok({
      personalList: await this.summaries(rows),
      page: { selPage, totPages, totItems, itemsPerPage: pageSize },
    });
  }

  /** The products as the customer's store shows them; `fresh`: not from the read cache (stock of now). */
  private async facts(userId: number, productIds: readonly number[], fresh = false) {
    const warehouseId = await this.cart.warehouseOf(userId);
    return this.catalogue.productsAt(productIds, warehouseId, fresh);
  }

  private async viewOf(userId: number, row: ListRow, fresh = false): Promise<WishlistView> {
    const [summary] = await this.summaries([row]);
    if (!summary) throw new Error('viewOf: no summary for a visible list');
    const items = await this.repo.items(row.listId);
    const facts = await this.facts(
      userId,
      items.map((i) => i.productId),
      fresh,
    );
    const active: WishlistItem[] = [];
    const inactive: WishlistItem[] = [];
    for (const item of items) {
      const f = facts.get(item.productId);
      // a product the catalogue no longer knows at all has nothing to show
      if (!f) continue;
      const wire: WishlistItem = {
        itemId: item.itemId,
        product: f.product,
        quantity: item.quantity,
        weight: isLoose(parseSellingRules(f.product)) ? item.quantity : null,
        infos: item.infos,
      };
      (f.active ? active : inactive).push(wire);
    }
    return { ...summary, size: items.length, wishlistItems: active, wishlistInactiveItems: inactive };
  }

  /**
   * GET /wishlist/view: the products as the listings show them (read cache); `calculateStock` reads them
   * afresh, with the stock of now.
   */
  async view(userId: number, listId: number, calculateStock = false): Promise<Result<WishlistView>> {
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    return ok(await this.viewOf(userId, row, calculateStock));
  }

  // ---------- the lists ----------
  /** POST /wishlist/insert: the customer's first list (or the first after having none) is the default. */
  async insert(userId: number, name: string): Promise<Result<Wishlist>> {
    if ((await this.repo.countOwned(userId)) >= LISTS_LIMITS.listsPerCustomer)
      return failWith(LISTS_TEXT.tooManyLists);
    const listId = await this.repo.insertList(userId, name);
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.created(name)]) : wire;
  }

  /** The list when the customer owns it; a grantee is told only the owner may; others: not found. */
  private async owned(userId: number, listId: number, db?: Db): Promise<Result<ListRow>> {
    const row = await this.repo.findVisible(userId, listId, db);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    if (row.role !== 'OWNER') return failWith(LISTS_TEXT.ownerOnly);
    return ok(row);
  }

  /** POST /wishlist/update: renames the list (owner only). */
  async rename(userId: number, listId: number, name: string): Promise<Result<Wishlist>> {
    const row = await this.owned(userId, listId);
    if (!row.ok) return row;
    await this.repo.rename(userId, listId, name);
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.renamed]) : wire;
  }

  /** Runs `work` in a transaction holding the owner's lists; a unique-index race answers "riprova". */
  private async ownerTransaction<T>(
    userId: number,
    listId: number,
    work: (row: ListRow, tx: Db) => Promise<T>,
  ): Promise<Result<T>> {
    try {
      const data = await this.repo.db.transaction(async (tx) => {
        await this.repo.lockOwned(userId, tx);
        const row = await this.owned(userId, listId, tx);
        if (!row.ok) throw new Abort(row);
        return work(row.data, tx);
      });
      return ok(data);
    } catch (err) {
      if (err instanceof Abort) return err.failure;
      if (isUniqueViolation(err)) return failWith(LISTS_TEXT.busy);
      throw err;
    }
  }

  /** POST /wishlist/delete (owner only): its products and shares go with it; the default passes on. */
  async remove(userId: number, listId: number): Promise<Result<{ listId: number }>> {
    const done = await this.ownerTransaction(userId, listId, (_row, tx) =>
      this.repo.deleteList(userId, listId, tx),
    );
    if (!done.ok) return done;
    return ok({ listId }, [LISTS_INFO_TEXT.deleted]);
  }

  /** POST /wishlist/select: the owner's default list (one per customer). */
  async select(userId: number, listId: number): Promise<Result<Wishlist>> {
    const done = await this.ownerTransaction(userId, listId, (_row, tx) =>
      this.repo.makeDefault(userId, listId, tx),
    );
    if (!done.ok) return done;
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.selected]) : wire;
  }

  /**
   * POST /wishlist/confirm: the list becomes the usual basket of one of the owner's own addresses (one list
   * per address: a list confirmed before for it stops being so).
   */
  async confirm(userId: number, listId: number, addressId: number): Promise<Result<Wishlist>> {
    const row = await this.owned(userId, listId);
    if (!row.ok) return row;
    if (!(await this.repo.isOwnAddress(userId, addressId)))
      return failWith(LISTS_TEXT.addressNotFound, 'notFound');
    const done = await this.ownerTransaction(userId, listId, (_row, tx) =>
      this.repo.confirmForAddress(userId, listId, addressId, tx),
    );
    if (!done.ok) return done;
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.confirmed]) : wire;
  }

  // ---------- sharing ----------
  /** POST /wishlist/share: the owner shares the list with another customer by e-mail (READ or WRITE). */
  async share(userId: number, listId: number, email: string, grant: ListGrant): Promise<Result<Wishlist>> {
    const row = await this.owned(userId, listId);
    if (!row.ok) return row;
    const grantee = await this.repo.customerByEmail(email);
    if (!grantee) return failWith(LISTS_TEXT.customerNotFound);
    if (grantee.userId === userId) return failWith(LISTS_TEXT.shareSelf);
    const already = (await this.repo.sharesOf([listId])).some((s) => s.userId === grantee.userId);
    if (!already && (await this.repo.countShares(listId)) >= LISTS_LIMITS.sharesPerList)
      return failWith(LISTS_TEXT.tooManyShares);
    await this.repo.share(listId, grantee.userId, grant);
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.shared]) : wire;
  }

  /**
   * POST /wishlist/unshare: the owner revokes a customer's access; a grantee may also leave a list shared with
   * them (user_id = themselves). The answer is the list as the caller now sees it (a grantee who left: the
   * list as it was, without access any more).
   */
  async unshare(userId: number, listId: number, granteeId: number): Promise<Result<Wishlist>> {
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    if (row.role !== 'OWNER' && granteeId !== userId) return failWith(LISTS_TEXT.ownerOnly);
    const [before] = await this.summaries([row]);
    if (!(await this.repo.unshare(listId, granteeId))) return failWith(LISTS_TEXT.shareNotFound, 'notFound');
    if (row.role !== 'OWNER' && before)
      return ok({ ...before, sharingData: { ...before.sharingData, sharedWith: [] } }, [
        LISTS_INFO_TEXT.unshared,
      ]);
    const wire = await this.summary(userId, listId);
    return wire.ok ? ok(wire.data, [LISTS_INFO_TEXT.unshared]) : wire;
  }

  // ---------- the products ----------
  /**
   * Changes products of a list in one transaction holding the list's row: the owner and WRITE grantees only.
   * `plan` answers the writes for the lines read under the lock, or the refusals (then nothing is written).
   */
  private async changeItems(
    userId: number,
    listId: number,
    plan: (items: ListItemRow[], tx: Db) => Promise<Failure[]>,
    info: string,
  ): Promise<Result<ListItemsOutcome>> {
    let failures: Failure[] = [];
    try {
      await this.repo.db.transaction(async (tx) => {
        const row = await this.repo.lockVisible(userId, listId, tx);
        if (!row) throw new Abort(failWith(LISTS_TEXT.listNotFound, 'notFound'));
        if (row.role === 'READ') throw new Abort(failWith(LISTS_TEXT.readOnly));
        failures = await plan(await this.repo.items(listId, tx), tx);
        // refusals roll back whatever the plan wrote
        if (failures.length > 0) throw new Abort(failures[0] as Failure);
        await this.repo.touch(listId, tx);
      });
    } catch (err) {
      if (!(err instanceof Abort)) throw err;
      if (failures.length === 0) return err.failure;
    }
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    const list = await this.viewOf(userId, row);
    return ok({ list, failures, infos: failures.length === 0 ? [info] : [] });
  }

  /** The list's own visibility before the catalogue is read (not found / read only answer early). */
  private async editable(userId: number, listId: number): Promise<Result<ListRow>> {
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    if (row.role === 'READ') return failWith(LISTS_TEXT.readOnly);
    return ok(row);
  }

  /**
   * POST /wishlist/add_prod: each product is added with its quantity; a product already in the list gets the
   * quantity added to its own (its infos merged). Quantities follow the cart's selling rules.
   */
  async addProducts(
    userId: number,
    listId: number,
    items: readonly WishlistAddItem[],
  ): Promise<Result<ListItemsOutcome>> {
    const row = await this.editable(userId, listId);
    if (!row.ok) return row;
    const facts = await this.facts(
      userId,
      items.map((i) => i.productId),
    );
    return this.changeItems(
      userId,
      listId,
      async (current, tx) => {
        const failures: Failure[] = [];
        const byProduct = new Map(current.map((i) => [i.productId, { ...i }]));
        const fresh = new Map<
          number,
          { productId: number; quantity: number; infos: Record<string, string> }
        >();
        for (const item of items) {
          const f = facts.get(item.productId);
          if (!f) {
            failures.push(failWith(LISTS_TEXT.productNotFound, 'notFound'));
            continue;
          }
          const rules = parseSellingRules(f.product);
          if (!f.active) {
            failures.push(quantityFailure(rules, { kind: 'notAvailable' }, f.product.name));
            continue;
          }
          const delta = isLoose(rules) ? (item.weight ?? item.quantity) : item.quantity;
          if (!(roundQuantity(delta) > 0)) {
            failures.push(quantityFailure(rules, { kind: 'invalid' }, f.product.name));
            continue;
          }
          const line = byProduct.get(item.productId) ?? fresh.get(item.productId);
          const wanted = fromMilli(toMilli(line?.quantity ?? 0) + toMilli(delta));
          const checked = checkListQuantity(f, wanted);
          if (!checked.ok) {
            failures.push(checked);
            continue;
          }
          const infos = { ...(line?.infos ?? {}), ...(item.infos ?? {}) };
          if (line) {
            line.quantity = checked.data;
            line.infos = infos;
          } else fresh.set(item.productId, { productId: item.productId, quantity: checked.data, infos });
        }
        if (current.length + fresh.size > LISTS_LIMITS.itemsPerList)
          failures.push(failWith(LISTS_TEXT.tooManyItems));
        if (failures.length > 0) return failures;
        for (const line of byProduct.values()) {
          const before = current.find((c) => c.itemId === line.itemId);
          if (before && (before.quantity !== line.quantity || before.infos !== line.infos))
            await this.repo.setItem(listId, line.itemId, { quantity: line.quantity, infos: line.infos }, tx);
        }
        for (const line of fresh.values()) await this.repo.insertItem(listId, line, tx);
        return [];
      },
      LISTS_INFO_TEXT.added,
    );
  }

  /** POST /wishlist/update_prods: each item's new quantity; 0 removes it (as /cart/update). */
  async updateProducts(
    userId: number,
    listId: number,
    items: readonly WishlistUpdateItem[],
  ): Promise<Result<ListItemsOutcome>> {
    const row = await this.editable(userId, listId);
    if (!row.ok) return row;
    const before = await this.repo.items(listId);
    const facts = await this.facts(
      userId,
      before.map((i) => i.productId),
    );
    return this.changeItems(
      userId,
      listId,
      async (current, tx) => {
        const failures: Failure[] = [];
        const writes: Array<{ itemId: number; quantity: number }> = [];
        const removals: number[] = [];
        for (const item of items) {
          const line = current.find((c) => c.itemId === item.itemId);
          const f = line ? facts.get(line.productId) : undefined;
          if (!line || !f) {
            failures.push(failWith(LISTS_TEXT.itemNotFound, 'notFound'));
            continue;
          }
          const rules = parseSellingRules(f.product);
          const wanted = isLoose(rules) ? (item.weight ?? item.quantity) : item.quantity;
          if (toMilli(wanted) === 0) {
            removals.push(line.itemId);
            continue;
          }
          const checked = checkListQuantity(f, wanted);
          if (!checked.ok) failures.push(checked);
          else writes.push({ itemId: line.itemId, quantity: checked.data });
        }
        if (failures.length > 0) return failures;
        for (const w of writes) await this.repo.setItem(listId, w.itemId, { quantity: w.quantity }, tx);
        await this.repo.deleteItems(listId, removals, tx);
        return [];
      },
      LISTS_INFO_TEXT.updated,
    );
  }

  /** POST /wishlist/delete_prods: removes the items; an item not in the list refuses the whole call. */
  async deleteProducts(
    userId: number,
    listId: number,
    itemIds: readonly number[],
  ): Promise<Result<ListItemsOutcome>> {
    const row = await this.editable(userId, listId);
    if (!row.ok) return row;
    return this.changeItems(
      userId,
      listId,
      async (current, tx) => {
        const known = new Set(current.map((c) => c.itemId));
        if (itemIds.some((id) => !known.has(id))) return [failWith(LISTS_TEXT.itemNotFound, 'notFound')];
        await this.repo.deleteItems(listId, itemIds, tx);
        return [];
      },
      LISTS_INFO_TEXT.removed,
    );
  }

  // ---------- into the cart ----------
  /**
   * POST /cart/add-all-from-wishlist: every product of a list the customer can see (any grant) goes to the
   * open cart through the cart service (quantity, options, availability, stock and daily limits apply);
   * refused products come back as messages, the added ones as one success text, as
   * /cart/add-all-from-order does.
   */
  async addAllToCart(userId: number, listId: number, showSectors: boolean): Promise<Result<CartOutcome>> {
    const row = await this.repo.findVisible(userId, listId);
    if (!row) return failWith(LISTS_TEXT.listNotFound, 'notFound');
    const items = await this.repo.items(listId);
    const lines: CartAddItem[] = items.map((i) => {
      const params: Record<string, string> = {};
      const infos: CartAddItem['infos'] = {};
      for (const [key, value] of Object.entries(i.infos)) {
        if (!LINE_INFO_KEYS.has(key)) params[key] = value;
        else if (key === 'notes') infos.notes = value;
        else if (value === 'true' || value === 'false') infos.accept_alternatives = value;
      }
      return {
        productId: i.productId,
        quantity: i.quantity,
        ...(Object.keys(params).length > 0 ? { params } : {}),
        ...(Object.keys(infos).length > 0 ? { infos } : {}),
      };
    });
    if (lines.length === 0) {
      const view = await this.cart.view(userId, showSectors);
      if (!view.ok) return view;
      return ok({ cart: view.data, failures: [failWith(LISTS_TEXT.listEmpty)], infos: [] });
    }
    const outcome = await this.cart.add(userId, lines, showSectors);
    // the cart answers one refusal per refused line, or a single one when it is locked for payment
    const cartRefused = outcome.failures.some((f) => f.code === CART_TEXT.locked.code);
    const added = cartRefused ? 0 : Math.max(0, lines.length - outcome.failures.length);
    const failures =
      added === 0 && outcome.failures.length > 0
        ? [...outcome.failures, failWith(LISTS_TEXT.addAllEmpty)]
        : outcome.failures;
    return ok({
      cart: outcome.cart,
      failures,
      infos: added > 0 ? [LISTS_INFO_TEXT.productsAddFromWishlist(added, row.name)] : [],
    });
  }
}
