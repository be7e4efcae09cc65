import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  atCatalogueWarehouse,
  catalogueWarehouse,
  onCatalogueWarehouse,
  setCatalogueWarehouse,
} from './catalogue-store';

/** The catalogue's reads follow the cart's store (decision 095). */
describe('catalogue store', () => {
  afterEach(() => setCatalogueWarehouse(null));

  it('asks the chain (no warehouse_id) until a cart names a store, then that store', () => {
    expect(atCatalogueWarehouse({ q: 'latte' })).toEqual({ q: 'latte' });
    setCatalogueWarehouse(13);
    expect(atCatalogueWarehouse({ q: 'latte' })).toEqual({ q: 'latte', warehouse_id: 13 });
    // the chain's catalogue (warehouse 1) keeps the URLs a visitor's reads always had
    setCatalogueWarehouse(1);
    expect(catalogueWarehouse()).toBeNull();
    expect(atCatalogueWarehouse({ slug: 'x' })).toEqual({ slug: 'x' });
  });

  it('announces a change once, not a cart arriving again at the same store', () => {
    const heard = vi.fn();
    const stop = onCatalogueWarehouse(heard);
    expect(setCatalogueWarehouse(14)).toBe(true);
    expect(setCatalogueWarehouse(14)).toBe(false);
    expect(setCatalogueWarehouse(13)).toBe(true);
    stop();
    setCatalogueWarehouse(12);
    expect(heard.mock.calls).toEqual([[14], [13]]);
  });
});
