/**
 * The warehouse whose stock and list prices the catalogue's reads ask for (decision 095): the cart's
 * (`cart.warehouse.warehouseId`: a store, a locker's store, a home delivery's warehouse). Null: the chain's
 * catalogue (warehouse 1), which a visitor without a store sees; its reads keep the URLs they always had.
 * The cart feature sets it whenever a cart arrives; a change is announced so that the catalogue's answers
 * already held are read again at the new store.
 */
const CHAIN_WAREHOUSE_ID = 1;
let current: number | null = null;
const listeners = new Set<(warehouseId: number | null) => void>();

export const catalogueWarehouse = (): number | null => current;

/** The catalogue's reads ask for this warehouse from now on; answers whether it changed. */
export function setCatalogueWarehouse(warehouseId: number | null): boolean {
  const next = warehouseId === CHAIN_WAREHOUSE_ID ? null : warehouseId;
  if (next === current) return false;
  current = next;
  for (const listener of listeners) listener(next);
  return true;
}

/** Called with the new warehouse after every change; answers the unsubscription. */
export function onCatalogueWarehouse(listener: (warehouseId: number | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `query` with the warehouse the catalogue shows, when it is a store's. */
export function atCatalogueWarehouse<Q extends object>(query: Q): Q & { warehouse_id?: number } {
  return current === null ? query : { ...query, warehouse_id: current };
}
