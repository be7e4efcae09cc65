import { createRequire } from 'node:module';

/**
 * The cadastral code (codice catastale / Belfiore) of a birth place, from codice-fiscale-js's table of
 * Italian municipalities and foreign countries. The package is CommonJS with a named export.
 */
interface CodiceFiscaleStatic {
  findLocationCode(name: string, prov?: string): string;
}
const require = createRequire(import.meta.url);
/** the package and its table of places, read on the first birth place looked up (not at every start) */
let codiceFiscale: CodiceFiscaleStatic | undefined;
const codiceFiscaleOf = () =>
  (codiceFiscale ??= (require('codice-fiscale-js') as { CodiceFiscale: CodiceFiscaleStatic }).CodiceFiscale);

/** 'F205' for Milano, 'Z133' for Svizzera; null when unknown or ambiguous. */
export function birthplaceCode(place: string, province?: string): string | null {
  const name = place.trim();
  if (!name) return null;
  const table = codiceFiscaleOf();
  try {
    const code = table.findLocationCode(name, province || undefined);
    return /^[A-Z]\d{3}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
