/**
 * The code printed at a self-scanning store's entrance (CODE 128, decision 057): "SPESA-NEGOZIO-" and the
 * store's id. Null for any other code.
 */
export const STORE_CODE_PREFIX = 'SPESA-NEGOZIO-';

export function storeIdOfCode(code: string): number | null {
  const m = /^SPESA-NEGOZIO-(\d{1,9})$/.exec(code.trim().toUpperCase());
  return m ? Number(m[1]) : null;
}
