import type { Db } from '../../db/client';
import { incrementCatalogueVersion, moveStocks, returnStock } from './catalogue.repository';

/** The catalogue's stock, moved inside a purchase's transaction (`tx`: the caller's; decision 029). */
export class CatalogueStock {
  /**
   * Moves the stock of several products at one warehouse (the order's store) in one statement, locking them
   * in product-id order: a positive `delta` (base unit) is taken if the product is sold and the warehouse
   * has that much, a negative one given back. Answers the stock left of every product moved; a product
   * absent could not give its `delta`.
   */
  moveStocks(
    moves: ReadonlyArray<{ productId: number; delta: number }>,
    warehouseId: number,
    tx: Db,
  ): Promise<Map<number, number>> {
    return moveStocks(moves, warehouseId, tx);
  }

  /** Gives stock back to the order's warehouse (a cancelled or edited order, a picking shortfall). */
  returnStock(productId: number, quantity: number, warehouseId: number, tx: Db): Promise<void> {
    return returnStock(productId, quantity, warehouseId, tx);
  }

  /**
   * A product sold out inside the caller's transaction: the version moves with its commit, and every
   * process's read cache (listings showing it available) sees it within a second.
   */
  async soldOut(tx: Db): Promise<void> {
    await incrementCatalogueVersion(tx);
  }
}
