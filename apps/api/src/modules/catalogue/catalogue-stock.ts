import type { Db } from '../../db/client';
import { incrementCatalogueVersion, moveStocks, returnStock } from './catalogue.repository';

/** The catalogue's stock, moved inside a purchase's transaction (`tx`: the caller's; decision 029). */
export class CatalogueStock {
  /**
   * Moves the stock of several products in one statement, locking them in product-id order: a positive
   * `delta` (base unit) is taken if the product is sold and has that much, a negative one given back.
   * Answers the stock left of every product moved; a product absent could not give its `delta`.
   */
  moveStocks(
    moves: ReadonlyArray<{ productId: number; delta: number }>, tx: Db,
  ): Promise<Map<number, number>> {
    return moveStocks(moves, tx);
  }

  /** Gives stock back (a cancelled or edited order). */
  returnStock(productId: number, quantity: number, tx: Db): Promise<void> {
    return returnStock(productId, quantity, tx);
  }

  /**
   * A product sold out inside the caller's transaction: the version moves with its commit, and every
   * process's read cache (listings showing it available) sees it within a second.
   */
  async soldOut(tx: Db): Promise<void> {
    await incrementCatalogueVersion(tx);
  }
}
