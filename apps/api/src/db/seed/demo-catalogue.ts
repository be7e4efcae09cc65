/**
 * The demo catalogue as a chain's product master file (decision 097): `data/demo/prodotti.csv`, in the columns
 * of the back office's import (decision 092), is read at every seed by the importer's own reader
 * (`readImportFile`, its header check and `readMasterRow`) and checked by the product master's rules; what the
 * products table stores of the master (name, brand, format, EAN, category, VAT, selling rules, price, food texts,
 * active) is what the importer derives from each row. A row the importer would refuse stops the seed with its
 * line and reason. The shop's extras a master file does not carry (illustration, nutrition, sales rank, stock)
 * come from the seed's builder, by code.
 *
 * Rebuild the file from products-it.json and the taxonomy: `npx tsx apps/api/src/db/seed/demo-catalogue.ts`.
 */
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  masterIssues,
  masterProductInfos,
  netContentOf,
  readMasterRow,
  type MasterSellingType,
  type ProductMaster,
} from '@spesa/shared/catalogue/product-master';
import { stringify } from 'csv-stringify/sync';
import { freeFromOf } from '../../modules/catalogue/food-info';
import { headerOf } from '../../modules/catalogue/catalogue-import';
import { readImportFile } from '../../modules/catalogue/import-files';
import { buildProducts, type ProductRow } from './product-generator';
import { loadDemoData } from './taxonomy';

/** The demo's product master, in data/demo. */
export const DEMO_CATALOGUE_FILE = 'prodotti.csv';
/** The demo file's limit (the back office's upload takes 10 MB; this file is about 3 MB). */
const DEMO_MAX_BYTES = 50 * 1024 * 1024;

const COLUMNS = [
  'codice',
  'ean',
  'nome',
  'marca',
  'formato',
  'categoria',
  'iva',
  'tipologia',
  'multiplo',
  'solo_multipli',
  'peso_minimo_g',
  'passo_g',
  'max_per_riga',
  'prezzo',
  'ingredienti',
  'allergeni',
  'conservazione',
  'attivo',
] as const;

/** The productInfos keys the product master owns (as the importer's upsert replaces them). */
const MASTER_INFO_KEYS = [
  'TIPOLOGIA',
  'WEIGHT_UNIT_SELLING',
  'WEIGHT_UNIT_BASE',
  'WEIGHT_SELLING',
  'STEP_SELLING',
  'UNIT_SELLING',
  'QTY_MULT',
  'QTY_LOCKED',
  'MULTI_PACK',
  'MAXACQ',
];

/** A built product's master (what a chain's ERP would export of it). */
export function masterOfRow(p: ProductRow): ProductMaster {
  const i = p.productInfos;
  const grams = (v: string | undefined) => (v ? Number(v) : null);
  return {
    code: p.codInt,
    ean: p.barcode ?? null,
    name: p.name,
    brand: p.brand,
    format: p.format,
    categoryId: p.categoryId,
    vatPct: Number(p.ivaPct),
    sellingType: p.sellingType as MasterSellingType,
    qtyMult: Number(i.QTY_MULT ?? 1),
    qtyLocked: i.QTY_LOCKED === 'true',
    weightSelling: grams(i.WEIGHT_SELLING),
    stepSelling: grams(i.STEP_SELLING),
    lineMax: i.MAXACQ ? Number(i.MAXACQ) : null,
    priceCents: p.priceCents,
    ingredients: p.ingredients ?? null,
    allergens: p.allergens ?? null,
    storage: p.storage ?? null,
    active: p.active ?? true,
  };
}

const euro = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The masters as the import's CSV: `;` separated, UTF-8 with BOM, CRLF, the Italian header. */
export function demoCatalogueCsv(masters: readonly ProductMaster[]): string {
  const rows = masters.map((m) => [
    m.code,
    m.ean ?? '',
    m.name,
    m.brand,
    m.format,
    String(m.categoryId),
    String(m.vatPct),
    m.sellingType,
    String(m.qtyMult),
    m.qtyLocked ? 'sì' : 'no',
    m.weightSelling === null ? '' : String(m.weightSelling),
    m.stepSelling === null ? '' : String(m.stepSelling),
    m.lineMax === null ? '' : String(m.lineMax),
    euro(m.priceCents),
    m.ingredients ?? '',
    m.allergens ?? '',
    m.storage ?? '',
    m.active ? 'sì' : 'no',
  ]);
  return `\uFEFF${stringify(rows, { header: true, columns: [...COLUMNS], delimiter: ';', record_delimiter: 'windows' })}`;
}

/**
 * Reads the demo's product master through the importer's reader and rules: every row's master by code, in file
 * order. Throws (the seed stops) on a refused header or row, naming the line and the reasons.
 */
export async function readDemoCatalogue(
  path: string,
  categoryOf: (text: string) => number | null,
): Promise<Map<string, ProductMaster>> {
  const masters = new Map<string, ProductMaster>();
  const refused: string[] = [];
  let columns: Array<string | null> | null = null;
  for await (const row of readImportFile(createReadStream(path), 'csv', DEMO_MAX_BYTES)) {
    if (!columns) {
      const header = headerOf(row.cells);
      if ('refused' in header) throw new Error(`${path}: ${header.refused}`);
      columns = header.columns;
      continue;
    }
    if (row.cells.every((c) => c.trim() === '')) continue;
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c) cells[c] = row.cells[i] ?? '';
    });
    const read = readMasterRow(cells, categoryOf);
    const issues = read.ok
      ? masterIssues(read.product).map((i) => i.message)
      : read.issues.map((i) => `${i.column}: ${i.message}`);
    if (read.ok && masters.has(read.product.code)) issues.push(`codice ${read.product.code} ripetuto`);
    if (issues.length > 0 || !read.ok) refused.push(`riga ${row.line}: ${issues.join(' ')}`);
    else masters.set(read.product.code, read.product);
  }
  if (refused.length > 0)
    throw new Error(`${path}: ${refused.length} righe rifiutate (${refused.slice(0, 5).join('; ')})`);
  return masters;
}

/**
 * A built product with its master's fields as the importer writes them: productInfos' master keys replaced
 * (the others kept), net content and price per kg / l from the format. A pack counted in pieces ("confezione 4
 * pezzi") keeps the builder's pieces: the master's format rule gives it no net content.
 */
export function withMaster(p: ProductRow, m: ProductMaster): ProductRow {
  const infos: Record<string, string> = { ...p.productInfos };
  for (const key of MASTER_INFO_KEYS) delete infos[key];
  Object.assign(infos, masterProductInfos(m), { MINACQ: p.productInfos.MINACQ ?? '1' });
  const net = netContentOf(m);
  const keepPieces = net.netQuantity === null && p.unitBase === 'pz';
  const netQuantity = keepPieces
    ? (p.netQuantity ?? null)
    : net.netQuantity === null
      ? null
      : net.netQuantity.toFixed(3);
  const quantity = netQuantity === null ? null : Number(netQuantity);
  return {
    ...p,
    name: m.name,
    brand: m.brand,
    format: m.format,
    barcode: m.ean,
    categoryId: m.categoryId,
    ivaPct: m.vatPct.toFixed(2),
    sellingType: m.sellingType,
    productInfos: infos,
    priceCents: m.priceCents,
    unitBase: keepPieces ? p.unitBase : net.unitBase,
    netQuantity,
    unitPriceCents: quantity !== null && quantity > 0 ? Math.round(m.priceCents / quantity) : null,
    ingredients: m.ingredients,
    allergens: m.allergens,
    storage: m.storage,
    freeFrom: freeFromOf(m),
    active: m.active,
  };
}

async function main() {
  const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo');
  const { taxonomy, products } = await loadDemoData(dataDir);
  const draft = buildProducts(taxonomy, products, { now: new Date('2026-01-01T00:00:00Z') });
  await writeFile(join(dataDir, DEMO_CATALOGUE_FILE), demoCatalogueCsv(draft.products.map(masterOfRow)));
  console.log(`${draft.products.length} products written to ${join(dataDir, DEMO_CATALOGUE_FILE)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
