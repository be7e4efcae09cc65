import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCategoryRows } from './categories';
import { DEMO_CATALOGUE_FILE, demoCatalogueCsv, masterOfRow, readDemoCatalogue } from './demo-catalogue';
import { buildProducts } from './product-generator';
import { loadDemoData } from './taxonomy';

/**
 * The demo catalogue as a product master file (decision 097): data/demo/prodotti.csv is what the builder makes
 * (rebuilt when the builder changes), every row passes the importer's reader and rules, and a bad row stops the
 * seed naming its line and reason.
 */
const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo');
const tmp = await mkdtemp(join(tmpdir(), 'spesa-demo-csv-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

const { taxonomy, products } = await loadDemoData(dataDir);
const index = new Map<string, number>();
for (const c of buildCategoryRows(taxonomy))
  if (c.level >= 1 && (c.categoryTypeId ?? 1) === 1) {
    index.set(String(c.categoryId), c.categoryId);
    index.set(c.slug, c.categoryId);
  }
const categoryOf = (t: string) => index.get(t.toLowerCase()) ?? null;

describe('data/demo/prodotti.csv', () => {
  it("holds the builder's products, every row as the importer reads it", { timeout: 120_000 }, async () => {
    const built = buildProducts(taxonomy, products, { now: new Date() }).products.map(masterOfRow);
    const masters = await readDemoCatalogue(join(dataDir, DEMO_CATALOGUE_FILE), categoryOf);
    expect(masters.size).toBe(built.length);
    expect([...masters.values()]).toEqual(built);
    expect(await readFile(join(dataDir, DEMO_CATALOGUE_FILE), 'utf8')).toBe(demoCatalogueCsv(built));
  });

  it('stops at a row the importer refuses, naming its line and reason', async () => {
    const csv = (await readFile(join(dataDir, DEMO_CATALOGUE_FILE), 'utf8')).split('\r\n').slice(0, 3);
    csv[2] = csv[2]!.replace(/^(\d+);\d+;/, '$1;8076809513754;');
    const path = join(tmp, 'bad.csv');
    await writeFile(path, `${csv.join('\r\n')}\r\n`);
    await expect(readDemoCatalogue(path, categoryOf)).rejects.toThrow(
      /1 righe rifiutate \(riga 3: ean: EAN non valido: la cifra di controllo non corrisponde\./,
    );
  });
});
