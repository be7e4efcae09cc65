import { randomInt } from 'node:crypto';
import { isFiscalCodeValid, normaliseFiscalCode } from '@spesa/shared/account/fiscal-code';
import { lineTotalCents, roundQuantity, sellingTypeOf } from '@spesa/shared/cart/quantity';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { VAT_RATES, type TillReceiptAnswer, type TillReceiptBody } from '@spesa/shared/contracts/receipts';
import {
  SMART_CART_INFO_PROPERTIES,
  type SmartCart,
  type SmartCartAddItem,
  type SmartCartItem,
  type SmartCartTillCloseBody,
  type SmartCartTillRescan,
  type SmartCartTillRescanBody,
  type SmartCartTillView,
} from '@spesa/shared/contracts/smartcart';
import { decodeItemCode } from '@spesa/shared/smartcart/item-code';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/rows';
import { Abort, failWith, ok, type Failure, type Result } from '../../lib/result';
import type { CartProductFacts } from '../catalogue/catalogue.service';
import { NO_PRIVILEGES, promoFor, type Buyer } from '../catalogue/promo-audience';
import { SMART_CART_INFO_TEXT, SMART_CART_TEXT } from './smartcart.messages';
import type { LineRow, NewLine, SessionRow, SmartCartRepository } from './smartcart.repository';

/** What self-scanning asks of the catalogue: a store's products and prices, a barcode's product. */
export interface SmartCartCataloguePort {
  productsForCart(ids: readonly number[], warehouseId: number): Promise<Map<number, CartProductFacts>>;
  productIdByBarcode(barcode: string): Promise<number | null>;
}

/** The other modules self-scanning reads, as ports (app.ts wires them). */
export interface SmartCartPorts {
  catalogue: SmartCartCataloguePort;
  /** the store's name (delivery); '' when unknown */
  storeName(warehouseId: number): Promise<string>;
  /** the buyer's card and segments (promotions for card holders apply in the store too) */
  buyer(userId: number): Promise<Buyer>;
  /** a shopping list the customer can see: its products; null when not theirs or unknown */
  listProducts(
    userId: number,
    listId: number,
  ): Promise<Array<{ productId: number; quantity: number }> | null>;
  /** the customer's loyalty card number (printed on the receipt, which becomes theirs) */
  cardOf(userId: number): Promise<string | null>;
  /** the receipts module's till ingestion (idempotent per till and document number) */
  ingestReceipt(system: TillSystemRef, body: TillReceiptBody): Promise<Result<TillReceiptAnswer>>;
}

/** A store's till system, authenticated by the receipts module. */
export interface TillSystemRef {
  systemId: string;
  warehouseId: number;
  store: { name: string; address: string } | null;
}

export interface SmartCartOptions {
  /** share of ended sessions flagged for a re-scan at the till, 0..1 (SMART_CART_RESCAN_SHARE) */
  rescanShare: number;
  /** a number in [0, 1) (tests fix it) */
  random?: () => number;
}

export interface SmartCartOutcome {
  cart: SmartCart;
  failures: Failure[];
  infos: string[];
}

/** The largest number of pieces on one line, and the heaviest loose line (kg). */
export const PIECES_MAX = 99;
export const WEIGHT_MAX_KG = 50;
/** Till codes: 8 characters without look-alikes (0/O, 1/I/L), shown as XXXX-XXXX. */
const TILL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newTillCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += TILL_ALPHABET[randomInt(TILL_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const isLoose = (p: Product) => sellingTypeOf(p.productInfos) === 'Sfuso';
const euro = (cents: number) => cents / 100;
const vatRateOf = (p: Product): number => {
  const rate = Number(p.ivaCategory.ivaPct);
  return (VAT_RATES as readonly number[]).includes(rate) ? rate : 22;
};

type Resolved = { ok: true; line: NewLine; name: string } | Failure;

/**
 * Self-scanning (decision 057): one session in progress per customer, at one store where self-scanning is
 * enabled; lines priced at the store's price (the chain's price list, today's promotions for this buyer, a
 * product the store does not sell refused); each scan applied once by its id; the end writes the prices
 * down, draws the till code and the re-scan check; the till reads the session back by the code and turns it
 * into a receipt through the receipts module.
 */
export class SmartCartService {
  readonly #random: () => number;

  constructor(
    private readonly db: Db,
    private readonly repo: SmartCartRepository,
    private readonly ports: SmartCartPorts,
    private readonly options: SmartCartOptions,
  ) {
    this.#random = options.random ?? Math.random;
  }

  async stores(): Promise<Result<{ stores: Array<{ storeId: number; name: string }> }>> {
    const ids = await this.repo.enabledStores();
    const names = await Promise.all(ids.map((id) => this.ports.storeName(id)));
    return ok({ stores: ids.map((storeId, i) => ({ storeId, name: names[i] || `Negozio ${storeId}` })) });
  }

  /** GET /smart-cart/view: the session at this store, started when there is none. */
  async view(userId: number, storeId: number, showSectors: boolean): Promise<Result<SmartCart>> {
    if (!(await this.repo.isEnabled(storeId))) return failWith(SMART_CART_TEXT.storeNotEnabled, 'notFound');
    let live = await this.repo.liveSession(userId, false, this.db);
    if (!live) {
      await this.repo.start(userId, storeId, this.db);
      live = await this.repo.liveSession(userId, false, this.db);
      if (!live) throw new Error('self-scanning session neither started nor found');
    }
    if (live.warehouseId !== storeId) return failWith(SMART_CART_TEXT.otherStore);
    return ok(await this.shape(live, showSectors));
  }

  /** POST /smart-cart/add_prod: products or codes; each scan id applied once. */
  async add(
    userId: number,
    storeId: number,
    items: readonly SmartCartAddItem[],
    showSectors: boolean,
  ): Promise<Result<SmartCartOutcome>> {
    const live = await this.liveAt(userId, storeId);
    if (!live.ok) return live;
    // products are resolved before the transaction (the catalogue reads through its own handle)
    const resolved = await this.resolve(items, storeId);
    return this.change(live.data, showSectors, async (session, failures, infos, tx) => {
      for (const [i, item] of items.entries()) {
        const r = resolved[i];
        if (!r) continue;
        if (item.scanId && !(await this.repo.claimScan(userId, session.sessionId, item.scanId, tx))) {
          infos.push(SMART_CART_INFO_TEXT.replayed);
          continue;
        }
        if (!r.ok) {
          failures.push(r);
          continue;
        }
        const merged = await this.mergeInto(session.sessionId, r.line, tx);
        if (merged && !merged.ok) {
          failures.push(merged);
          continue;
        }
        if (!merged) await this.repo.insertLine(session.sessionId, r.line, tx);
        infos.push(SMART_CART_INFO_TEXT.added(r.name));
      }
    });
  }

  /** POST /smart-cart/update_prods: new quantities (0 removes); weighed lines keep their label's weight. */
  async update(
    userId: number,
    storeId: number,
    items: ReadonlyArray<{ itemId: number; quantity: number; scanId?: string | undefined }>,
    showSectors: boolean,
  ): Promise<Result<SmartCartOutcome>> {
    const live = await this.liveAt(userId, storeId);
    if (!live.ok) return live;
    return this.change(live.data, showSectors, async (session, failures, infos, tx) => {
      const lines = new Map((await this.repo.lines(session.sessionId, tx)).map((l) => [l.lineId, l]));
      for (const item of items) {
        if (item.scanId && !(await this.repo.claimScan(userId, session.sessionId, item.scanId, tx))) {
          infos.push(SMART_CART_INFO_TEXT.replayed);
          continue;
        }
        const line = lines.get(item.itemId);
        if (!line) {
          failures.push(failWith(SMART_CART_TEXT.itemNotFound, 'notFound'));
          continue;
        }
        if (item.quantity === 0) {
          await this.repo.deleteLine(session.sessionId, line.lineId, tx);
          lines.delete(line.lineId);
          infos.push(SMART_CART_INFO_TEXT.removed);
          continue;
        }
        if (line.weighed) {
          failures.push(failWith(SMART_CART_TEXT.weighedFixed));
          continue;
        }
        if (!Number.isInteger(item.quantity) || item.quantity > PIECES_MAX) {
          failures.push(failWith(SMART_CART_TEXT.quantityInvalid, 'validation'));
          continue;
        }
        await this.repo.setQuantity(session.sessionId, line.lineId, item.quantity, tx);
        infos.push(SMART_CART_INFO_TEXT.updated);
      }
    });
  }

  /** POST /smart-cart/delete_prods: removes lines by itemId. */
  async remove(
    userId: number,
    storeId: number,
    items: ReadonlyArray<{ itemId: number; scanId?: string | undefined }>,
    showSectors: boolean,
  ): Promise<Result<SmartCartOutcome>> {
    return this.update(
      userId,
      storeId,
      items.map((i) => ({ itemId: i.itemId, quantity: 0, scanId: i.scanId })),
      showSectors,
    );
  }

  /** POST /smart-cart/update-cart-info: end, cancel, import a list as reminders. */
  async updateCartInfo(
    userId: number,
    property: string,
    value: string,
    doc: string | undefined,
  ): Promise<Result<SmartCartOutcome>> {
    if (!(SMART_CART_INFO_PROPERTIES as readonly string[]).includes(property))
      return failWith(SMART_CART_TEXT.infoInvalid, 'validation');
    const live = await this.repo.liveSession(userId, false, this.db);
    if (!live) return failWith(SMART_CART_TEXT.noSession, 'notFound');
    if (property === 'reminder_list_id') return this.importList(userId, live, value);
    if (value === 'cancel') {
      await this.db.transaction(async (tx) => {
        const s = await this.repo.liveSession(userId, true, tx);
        if (s) await this.repo.cancel(s.sessionId, tx);
      });
      const cancelled = { ...live, status: 'cancelled' as const, tillCode: null };
      return ok({
        cart: await this.shape(cancelled, false),
        failures: [],
        infos: [SMART_CART_INFO_TEXT.cancelled],
      });
    }
    if (value !== 'end') return failWith(SMART_CART_TEXT.infoInvalid, 'validation');
    let fiscal: string | null = null;
    if (doc) {
      const d = normaliseFiscalCode(doc);
      if (!isFiscalCodeValid(d) && !/^\d{11}$/.test(d))
        return failWith(SMART_CART_TEXT.docInvalid, 'validation');
      fiscal = d;
    }
    if (live.status === 'ended')
      return ok({ cart: await this.shape(live, false), failures: [], infos: [SMART_CART_INFO_TEXT.ended] });
    return this.end(userId, live, fiscal);
  }

  // ---------- the till ----------
  async tillView(system: TillSystemRef, code: string): Promise<Result<SmartCartTillView>> {
    const session = await this.repo.byTillCode(code, false, this.db);
    if (!session) return failWith(SMART_CART_TEXT.tillCodeUnknown, 'notFound');
    if (session.warehouseId !== system.warehouseId) return failWith(SMART_CART_TEXT.tillOtherStore);
    return ok(await this.tillShape(session));
  }

  /**
   * POST /smart-cart/till/close: the ended session becomes the till's receipt (the receipts module writes it,
   * once per till and document number). The session is claimed first, so two tills never close it twice; a
   * till replaying its own close gets the same receipt.
   */
  async tillClose(
    system: TillSystemRef,
    body: SmartCartTillCloseBody,
  ): Promise<Result<SmartCartTillView & { receipt: TillReceiptAnswer }>> {
    const session = await this.repo.byTillCode(body.code, false, this.db);
    if (!session) return failWith(SMART_CART_TEXT.tillCodeUnknown, 'notFound');
    if (session.warehouseId !== system.warehouseId) return failWith(SMART_CART_TEXT.tillOtherStore);
    const view = await this.tillShape(session);
    const receiptBody: TillReceiptBody = {
      tillCode: body.tillCode,
      documentNumber: body.documentNumber,
      issuedAt: body.issuedAt,
      cardNumber: await this.ports.cardOf(session.userId),
      paymentMethod: body.paymentMethod,
      totalCents: view.totalCents,
      lines: view.lines.map((l) => ({
        description: l.description.slice(0, 120),
        productId: l.productId,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        amountCents: l.amountCents,
        vatRate: l.vatRate,
      })),
    };
    if (session.status === 'closed') {
      // a replay of the close that made it: the receipts module answers the same receipt
      const again = await this.ports.ingestReceipt(system, receiptBody);
      if (!again.ok) return again;
      if (again.data.receiptId !== session.receiptId) return failWith(SMART_CART_TEXT.tillNotEnded);
      return ok({ ...view, receipt: again.data });
    }
    if (session.status !== 'ended') return failWith(SMART_CART_TEXT.tillNotEnded);
    const claimed = await this.repo.claimForTill(session.sessionId, this.db);
    if (!claimed) return failWith(SMART_CART_TEXT.tillNotEnded);
    const receipt = await this.ports.ingestReceipt(system, receiptBody);
    if (!receipt.ok) {
      await this.repo.releaseFromTill(session.sessionId, this.db);
      return receipt;
    }
    await this.repo.close(session.sessionId, receipt.data.receiptId, this.db);
    return ok({ ...view, status: 'closed', receiptId: receipt.data.receiptId, receipt: receipt.data });
  }

  /**
   * POST /smart-cart/till/rescan: the outcome of a flagged session's re-scan check, recorded once. The same
   * report again answers it as recorded (`duplicate`); a different one after it is refused.
   */
  async tillRescan(
    system: TillSystemRef,
    body: SmartCartTillRescanBody,
  ): Promise<Result<SmartCartTillRescan>> {
    const session = await this.repo.byTillCode(body.code, false, this.db);
    if (!session) return failWith(SMART_CART_TEXT.tillCodeUnknown, 'notFound');
    if (session.warehouseId !== system.warehouseId) return failWith(SMART_CART_TEXT.tillOtherStore);
    if (!session.rescan) return failWith(SMART_CART_TEXT.rescanNotFlagged);
    const report = {
      outcome: body.outcome,
      discrepancies: body.discrepancies,
      adjustedCents: body.adjustedCents,
      tillCode: body.tillCode,
    };
    const recorded = await this.repo.recordRescan(session.sessionId, report, this.db);
    const now = await this.repo.rescanOf(session.sessionId, this.db);
    if (!now) throw new Error('re-scan report neither recorded nor found');
    const same =
      now.outcome === report.outcome &&
      now.discrepancies === report.discrepancies &&
      now.adjustedCents === report.adjustedCents &&
      now.tillCode === report.tillCode;
    if (!recorded && !same) return failWith(SMART_CART_TEXT.rescanReported);
    return ok({ cartId: session.sessionId, ...now, duplicate: !recorded });
  }

  // ---------- inside ----------
  private async liveAt(userId: number, storeId: number): Promise<Result<SessionRow>> {
    const live = await this.repo.liveSession(userId, false, this.db);
    if (!live) return failWith(SMART_CART_TEXT.noSession, 'notFound');
    if (live.warehouseId !== storeId) return failWith(SMART_CART_TEXT.otherStore);
    if (live.status !== 'open') return failWith(SMART_CART_TEXT.ended);
    return ok(live);
  }

  /** One change in one transaction, the session locked; the answer is the whole smart cart. */
  private async change(
    session: SessionRow,
    showSectors: boolean,
    apply: (session: SessionRow, failures: Failure[], infos: string[], tx: Db) => Promise<void>,
  ): Promise<Result<SmartCartOutcome>> {
    const failures: Failure[] = [];
    const infos: string[] = [];
    try {
      await this.db.transaction(async (tx) => {
        const locked = await this.repo.liveSession(session.userId, true, tx);
        if (!locked || locked.sessionId !== session.sessionId)
          throw new Abort(failWith(SMART_CART_TEXT.noSession));
        if (locked.status !== 'open') throw new Abort(failWith(SMART_CART_TEXT.ended));
        await apply(locked, failures, infos, tx);
        await this.repo.touch(locked.sessionId, tx);
      });
    } catch (e) {
      if (e instanceof Abort) return e.failure;
      if (isUniqueViolation(e)) return failWith(SMART_CART_TEXT.busy);
      throw e;
    }
    return ok({ cart: await this.shape(session, showSectors), failures, infos });
  }

  /** Codes and products into lines: the store's product, its weight or pieces; a failure per bad item. */
  private async resolve(items: readonly SmartCartAddItem[], storeId: number): Promise<Resolved[]> {
    const decoded = items.map((i) => (i.code === undefined ? null : decodeItemCode(i.code)));
    const ids = await Promise.all(
      items.map(async (item, i) => {
        const d = decoded[i];
        if (!d) return item.productId ?? null;
        if (!d.ok) return null;
        return d.code.kind === 'barcode'
          ? this.ports.catalogue.productIdByBarcode(d.code.barcode)
          : d.code.itemRef;
      }),
    );
    const facts = await this.ports.catalogue.productsForCart(
      ids.filter((id): id is number => id !== null),
      storeId,
    );
    return items.map((item, i): Resolved => {
      const d = decoded[i];
      if (d && !d.ok) return failWith(SMART_CART_TEXT.malformed, 'validation');
      const id = ids[i];
      const f = id === null || id === undefined ? undefined : facts.get(id);
      if (!f) return failWith(SMART_CART_TEXT.unknown, 'notFound');
      if (!f.active) return failWith(SMART_CART_TEXT.notSoldHere);
      const p = f.product;
      const loose = isLoose(p);
      const code = d?.ok ? d.code : null;
      const scannedCode = code ? code.barcode : null;
      if (code && code.kind !== 'barcode') {
        if (!loose) return failWith(SMART_CART_TEXT.labelNotWeighed);
        if (code.kind === 'weight') {
          const kg = roundQuantity(code.grams / 1000);
          if (kg > WEIGHT_MAX_KG) return failWith(SMART_CART_TEXT.weightInvalid, 'validation');
          return {
            ok: true,
            name: p.name,
            line: { productId: p.productId, quantity: kg, weighed: true, scannedCode, labelPriceCents: null },
          };
        }
        // the scale prints the shelf price: the weight is the label's amount at that price
        const promo = promoFor(f.promos, null, NO_PRIVILEGES);
        const unitCents = promo ? promo.priceCents : f.listPriceCents;
        const kg = unitCents > 0 ? roundQuantity(code.priceCents / unitCents) : 0;
        if (kg <= 0 || kg > WEIGHT_MAX_KG) return failWith(SMART_CART_TEXT.weightInvalid, 'validation');
        return {
          ok: true,
          name: p.name,
          line: {
            productId: p.productId,
            quantity: kg,
            weighed: true,
            scannedCode,
            labelPriceCents: code.priceCents,
          },
        };
      }
      if (loose) {
        // a loose product by its own barcode or id: the weight must be given (the app's manual weight)
        const kg = item.weight ?? (code ? undefined : item.quantity);
        if (kg === undefined) return failWith(SMART_CART_TEXT.weightRequired);
        const rounded = roundQuantity(kg);
        if (rounded <= 0 || rounded > WEIGHT_MAX_KG)
          return failWith(SMART_CART_TEXT.weightInvalid, 'validation');
        return {
          ok: true,
          name: p.name,
          line: {
            productId: p.productId,
            quantity: rounded,
            weighed: true,
            scannedCode,
            labelPriceCents: null,
          },
        };
      }
      const pieces = item.quantity ?? 1;
      if (!Number.isInteger(pieces) || pieces < 1 || pieces > PIECES_MAX)
        return failWith(SMART_CART_TEXT.quantityInvalid, 'validation');
      return {
        ok: true,
        name: p.name,
        line: {
          productId: p.productId,
          quantity: pieces,
          weighed: false,
          scannedCode,
          labelPriceCents: null,
        },
      };
    });
  }

  /** A piece scanned again adds to its line; null when the line is new. */
  private async mergeInto(sessionId: number, line: NewLine, tx: Db): Promise<Result<true> | null> {
    if (line.weighed) return null;
    const same = (await this.repo.lines(sessionId, tx)).find(
      (l) => !l.weighed && l.productId === line.productId,
    );
    if (!same) return null;
    const quantity = same.quantity + line.quantity;
    if (quantity > PIECES_MAX) return failWith(SMART_CART_TEXT.quantityInvalid, 'validation');
    await this.repo.setQuantity(sessionId, same.lineId, quantity, tx);
    return ok(true);
  }

  private async end(
    userId: number,
    live: SessionRow,
    fiscal: string | null,
  ): Promise<Result<SmartCartOutcome>> {
    const lines = await this.repo.lines(live.sessionId, this.db);
    if (lines.length === 0) return failWith(SMART_CART_TEXT.empty);
    const { items } = await this.priced(live, lines);
    const prices = items.map((i) => ({
      lineId: i.itemId,
      unitPriceCents: Math.round(i.unitPrice * 100),
      amountCents: Math.round(i.grossTotal * 100),
    }));
    const percent = await this.repo.rescanPercentOf(live.warehouseId, this.db);
    const rescan = this.#random() < (percent === null ? this.options.rescanShare : percent / 100);
    for (let attempt = 0; ; attempt++) {
      const tillCode = newTillCode();
      try {
        await this.db.transaction(async (tx) => {
          const s = await this.repo.liveSession(userId, true, tx);
          if (!s || s.sessionId !== live.sessionId || s.status !== 'open')
            throw new Abort(failWith(SMART_CART_TEXT.busy));
          const infos = { ...s.infos, ...(fiscal ? { doc: fiscal } : {}) };
          await this.repo.setInfos(s.sessionId, infos, s.reminders, tx);
          await this.repo.end(s.sessionId, tillCode, rescan, prices, tx);
        });
        break;
      } catch (e) {
        if (e instanceof Abort) return e.failure;
        // the till code drawn is taken (about one chance in 10^12): draw another
        if (isUniqueViolation(e) && attempt < 3) continue;
        throw e;
      }
    }
    const ended = await this.repo.liveSession(userId, false, this.db);
    if (!ended) throw new Error('ended session not found');
    return ok({ cart: await this.shape(ended, false), failures: [], infos: [SMART_CART_INFO_TEXT.ended] });
  }

  private async importList(
    userId: number,
    live: SessionRow,
    value: string,
  ): Promise<Result<SmartCartOutcome>> {
    let reminders: Array<{ productId: number; quantity: number }> = [];
    const infos = { ...live.infos };
    if (value === '') delete infos.reminder_list_id;
    else {
      if (!/^\d{1,9}$/.test(value)) return failWith(SMART_CART_TEXT.infoInvalid, 'validation');
      const products = await this.ports.listProducts(userId, Number(value));
      if (!products) return failWith(SMART_CART_TEXT.listNotFound, 'notFound');
      reminders = products.slice(0, 200);
      infos.reminder_list_id = value;
    }
    await this.repo.setInfos(live.sessionId, infos, reminders, this.db);
    const updated = { ...live, infos, reminders };
    return ok({
      cart: await this.shape(updated, false),
      failures: [],
      infos: [SMART_CART_INFO_TEXT.reminders],
    });
  }

  /** Lines at the store's price: frozen at the end, read live while open; a price label's amount as printed. */
  private async priced(session: SessionRow, lines: LineRow[]) {
    const reminderIds = session.reminders.map((r) => r.productId);
    const facts = await this.ports.catalogue.productsForCart(
      [...lines.map((l) => l.productId), ...reminderIds],
      session.warehouseId,
    );
    const buyer = await this.ports.buyer(session.userId);
    const storeName = (await this.ports.storeName(session.warehouseId)) || `Negozio ${session.warehouseId}`;
    const items: SmartCartItem[] = [];
    let paid = 0;
    let standard = 0;
    for (const l of lines) {
      const f = facts.get(l.productId);
      if (!f) continue;
      const promo = promoFor(f.promos, null, buyer);
      const unitCents = l.unitPriceCents ?? (promo ? promo.priceCents : f.listPriceCents);
      const lineCents = l.amountCents ?? l.labelPriceCents ?? lineTotalCents(l.quantity, unitCents);
      const lineStandard = Math.max(
        lineCents,
        l.labelPriceCents ?? lineTotalCents(l.quantity, f.listPriceCents),
      );
      paid += lineCents;
      standard += lineStandard;
      const department = f.product.breadCrumbs[0];
      items.push({
        itemId: l.lineId,
        product: { ...f.product, deliveryWarehouse: { warehouseId: session.warehouseId, name: storeName } },
        quantity: l.quantity,
        weight: l.weighed ? l.quantity : null,
        cartItemInsertionTypeId: 1,
        cartItemInfo: {},
        params: {},
        unitPrice: euro(unitCents),
        unitPriceStandard: euro(f.listPriceCents),
        grossTotal: euro(lineCents),
        grossTotalStandard: euro(lineStandard),
        discount: euro(lineStandard - lineCents),
        warehousePromo: l.labelPriceCents === null ? (promo?.view ?? null) : null,
        available: true,
        isPackage: false,
        sectorId: department?.categoryId ?? f.product.categoryId,
        scannedCode: l.scannedCode,
        labelPrice: l.labelPriceCents === null ? null : euro(l.labelPriceCents),
      });
    }
    return { items, paid, standard, facts, storeName };
  }

  private async shape(session: SessionRow, showSectors: boolean): Promise<SmartCart> {
    const lines = session.status === 'cancelled' ? [] : await this.repo.lines(session.sessionId, this.db);
    const { items, paid, standard, facts, storeName } = await this.priced(session, lines);
    const scanned = new Set(items.map((i) => i.product.productId));
    const cart: SmartCart = {
      cartId: session.sessionId,
      user: { userId: session.userId },
      status: session.status,
      store: { storeId: session.warehouseId, name: storeName },
      cartInfos: session.infos,
      cartItems: items,
      reminders: session.reminders.flatMap((r) => {
        const f = facts.get(r.productId);
        return f
          ? [
              {
                productId: r.productId,
                name: f.product.name,
                quantity: r.quantity,
                scanned: scanned.has(r.productId),
              },
            ]
          : [];
      }),
      totalItems: items.length,
      totalPrice: euro(paid),
      totalPriceStandard: euro(standard),
      totalDiscount: euro(standard - paid),
      tillCode: session.status === 'ended' ? session.tillCode : null,
      appliedScanIds: await this.repo.appliedScanIds(session.sessionId, 200, this.db),
      startedAt: session.createdAt,
      endedAt: session.endedAt,
    };
    if (showSectors) {
      const sectors = new Map<number, { sectorId: number; name: string; cartItems: SmartCartItem[] }>();
      for (const item of items) {
        const name = item.product.breadCrumbs[0]?.name ?? '';
        const s = sectors.get(item.sectorId) ?? { sectorId: item.sectorId, name, cartItems: [] };
        s.cartItems.push(item);
        sectors.set(item.sectorId, s);
      }
      cart.sectors = [...sectors.values()];
    }
    return cart;
  }

  private async tillShape(session: SessionRow): Promise<SmartCartTillView> {
    const lines = await this.repo.lines(session.sessionId, this.db);
    const { items } = await this.priced(session, lines);
    const out = items.map((i) => ({
      description: i.product.name,
      productId: i.product.productId,
      barcode: i.scannedCode ?? i.product.barcode ?? null,
      quantity: i.quantity,
      unitPriceCents: Math.round(i.unitPrice * 100),
      amountCents: Math.round(i.grossTotal * 100),
      vatRate: vatRateOf(i.product),
    }));
    return {
      cartId: session.sessionId,
      status: session.status,
      storeId: session.warehouseId,
      rescan: session.rescan ?? false,
      lines: out,
      totalCents: out.reduce((s, l) => s + l.amountCents, 0),
      doc: session.infos.doc ?? null,
      receiptId: session.receiptId,
    };
  }
}
