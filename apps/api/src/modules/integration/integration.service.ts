import type { PricesBatch, ProductsBatch, StockBatch } from '@spesa/shared/contracts/integration';
import { romeNow } from '../../lib/rome-time';
import type { BatchApply, BatchOutcome, IntegrationBatches } from './integration-batches';
import type { IntegrationCaller } from './integration-clients';
import type { IntegrationFeed } from './integration-feed';
import { applyProducts, type ProductMasterPort } from './integration-products';
import type { IntegrationWebhooks } from './integration-webhooks';

/**
 * The per-store stock and price lists as the catalogue module offers them (its `applyStockLevels` and
 * `applyPriceListPrices`); null until the shop has them: the batches are then validated and refused with
 * 501, nothing recorded.
 */
export interface StoreStockPort {
  stock: ((batch: StockBatch) => BatchApply) | null;
  prices: ((batch: PricesBatch) => BatchApply) | null;
}

/** The integration API's work: the batches (one transaction each, idempotent) and the orders' feed. */
export class IntegrationService {
  constructor(
    private readonly d: {
      batches: IntegrationBatches;
      feed: IntegrationFeed;
      webhooks: IntegrationWebhooks;
      productMaster: ProductMasterPort;
      storeStock: StoreStockPort;
      now: () => Date;
    },
  ) {}

  products(caller: IntegrationCaller, batch: ProductsBatch): Promise<BatchOutcome> {
    const day = romeNow(this.d.now()).date;
    return this.d.batches.run(
      {
        clientId: caller.clientId,
        kind: 'products',
        batchId: batch.batchId,
        body: batch,
        rows: batch.rows.length,
      },
      applyProducts(this.d.productMaster, batch, day),
    );
  }

  async stock(caller: IntegrationCaller, batch: StockBatch): Promise<BatchOutcome | 'unavailable'> {
    const apply = this.d.storeStock.stock;
    if (!apply) return 'unavailable';
    return this.d.batches.run(
      {
        clientId: caller.clientId,
        kind: 'stock',
        batchId: batch.batchId,
        body: batch,
        rows: batch.rows.length,
      },
      apply(batch),
    );
  }

  async prices(caller: IntegrationCaller, batch: PricesBatch): Promise<BatchOutcome | 'unavailable'> {
    const apply = this.d.storeStock.prices;
    if (!apply) return 'unavailable';
    return this.d.batches.run(
      {
        clientId: caller.clientId,
        kind: 'prices',
        batchId: batch.batchId,
        body: batch,
        rows: batch.rows.length,
      },
      apply(batch),
    );
  }

  /** Numbers what committed since, then reads the page (webhooks of the newly numbered events written too). */
  async feedPage(cursor: number, limit: number) {
    await this.publish();
    return this.d.feed.page(cursor, limit);
  }

  publish(): Promise<number> {
    return this.d.feed.publish((events, tx) => this.d.webhooks.enqueue(events, tx));
  }
}
