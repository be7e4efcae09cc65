/**
 * The code printed at a self-scanning store's entrance (CODE 128, decision 057): "SPESA-NEGOZIO-" and the
 * store's id. The phone reads it to choose the store; the back office prints it on the store's poster.
 */
export const STORE_CODE_PREFIX = 'SPESA-NEGOZIO-';

/** The entrance code of a store. */
export const storeCodeOf = (storeId: number): string => `${STORE_CODE_PREFIX}${storeId}`;

/** The store named by an entrance code; null for any other code. */
export function storeIdOfCode(code: string): number | null {
  const m = /^SPESA-NEGOZIO-(\d{1,9})$/.exec(code.trim().toUpperCase());
  return m ? Number(m[1]) : null;
}
