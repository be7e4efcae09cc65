import type { PricesBatch, ProductsBatch, StockBatch } from '@spesa/shared/contracts/integration';
import { romeNow } from '../../lib/rome-time';
import type { BatchOutcome, IntegrationBatches } from './integration-batches';
import type { IntegrationCaller } from './integration-clients';
import type { IntegrationFeed } from './integration-feed';
import { applyProducts, type ProductMasterPort } from './integration-products';
import { applyPrices, applyStock, type OwedStockPort, type StoreStockPort } from './integration-stock';
import type { IntegrationWebhooks } from './integration-webhooks';

/** The integration API's work: the batches (one transaction each, idempotent) and the orders' feed. */
export class IntegrationService {
  constructor(
    private readonly d: {
      batches: IntegrationBatches;
      feed: IntegrationFeed;
      webhooks: IntegrationWebhooks;
      productMaster: ProductMasterPort;
      storeStock: StoreStockPort;
      owedStock: OwedStockPort;
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

  stock(caller: IntegrationCaller, batch: StockBatch): Promise<BatchOutcome> {
    return this.d.batches.run(
      {
        clientId: caller.clientId,
        kind: 'stock',
        batchId: batch.batchId,
        body: batch,
        rows: batch.rows.length,
      },
      applyStock(this.d.storeStock, this.d.owedStock, batch),
    );
  }

  prices(caller: IntegrationCaller, batch: PricesBatch): Promise<BatchOutcome> {
    return this.d.batches.run(
      {
        clientId: caller.clientId,
        kind: 'prices',
        batchId: batch.batchId,
        body: batch,
        rows: batch.rows.length,
      },
      applyPrices(this.d.storeStock, batch),
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
