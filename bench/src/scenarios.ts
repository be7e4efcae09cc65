// The catalogue scenarios and the autocannon runner shared by bench.ts (the API table) and processes.ts
// (1 and 2 API processes on one PostgreSQL).
import autocannon from 'autocannon';
import { apiData, type CategoryNode, type ProductItem } from './lib';

export const API = '/ebsn/api';

export interface Scenario {
  name: string;
  /** the one URL of the cached case (warmed up first) */
  cached: string;
  /** URL per request for the varied case; absent when varying makes no sense */
  varied?: () => string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
export const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** One autocannon run of GETs. Latencies are collected per response (autocannon's summary has no p95). */
export async function load(
  base: string,
  path: string | (() => string),
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  const varied = typeof path === 'function';
  // Without a callback autocannon returns the running instance, which is also a promise of the result.
  const options: autocannon.Options = {
    url: `${base}${varied ? path() : path}`,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    ...(varied ? { requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] } : {}),
  };
  const instance = autocannon(options) as unknown as autocannon.Instance;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await (instance as unknown as Promise<autocannon.Result>);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** Real ids, slugs and words from the running server, to build the scenarios. */
export async function discover(base: string): Promise<{ scenarios: Scenario[]; totalProducts: number }> {
  const tree = await apiData<{ categories: CategoryNode[] }>(base, `${API}/category`);
  const departments = tree.categories.map((c) => c.categoryId as number);
  const leaves: number[] = [];
  const walk = (cats: CategoryNode[]) => {
    for (const c of cats) {
      if (c.categories?.length) walk(c.categories);
      else leaves.push(c.categoryId);
    }
  };
  walk(tree.categories);
  if (!departments.length) throw new Error('the category tree is empty');

  let totalProducts = 0;
  const slugs: string[] = [];
  const words = new Set<string>();
  for (const dep of departments) {
    const data = await apiData<{ products: ProductItem[]; page: { totItems: number } }>(
      base,
      `${API}/products?parent_category_id=${dep}&page_size=48`,
    );
    totalProducts += data.page.totItems;
    for (const p of data.products) {
      slugs.push(p.slug);
      for (const w of String(p.name)
        .toLowerCase()
        .split(/[^a-zàèéìòù]+/))
        if (w.length >= 4) words.add(w);
    }
  }
  const wordList = [...words];
  const searchWords = [
    'pasta',
    'latte',
    'mozzarella',
    'biscotti',
    'caffè',
    'olio',
    'riso',
    'yogurt',
    'pomodoro',
    'formaggio',
    ...wordList.slice(0, 40),
  ];
  const prefixes = [...new Set(wordList.map((w) => w.slice(0, rand(3, 5))))];
  const firstDep = departments[0]!;
  const slug = slugs[0]!;
  console.log(
    `  ${departments.length} departments, ${leaves.length} leaf categories, ${totalProducts} products listed under departments; ` +
      `${slugs.length} slugs, ${prefixes.length} suggest prefixes sampled for the varied runs`,
  );
  return {
    totalProducts,
    scenarios: [
      { name: 'baseline /version.json', cached: `${API}/version.json` },
      {
        name: 'category listing',
        cached: `${API}/products?parent_category_id=${firstDep}&page=2`,
        varied: () =>
          Math.random() < 0.5
            ? `${API}/products?parent_category_id=${pick(departments)}&page=${rand(1, 20)}`
            : `${API}/products?parent_category_id=${pick(leaves)}&page=${rand(1, 3)}`,
      },
      {
        // decision 095: the same listings at the demo's 18 Drive stores (warehouses 2-19), stock and list
        // price per store; the summary is shared, the pages are per store
        name: 'category listing per store',
        cached: `${API}/products?parent_category_id=${firstDep}&page=2&warehouse_id=13`,
        varied: () =>
          Math.random() < 0.5
            ? `${API}/products?parent_category_id=${pick(departments)}&page=${rand(1, 20)}&warehouse_id=${rand(2, 19)}`
            : `${API}/products?parent_category_id=${pick(leaves)}&page=${rand(1, 3)}&warehouse_id=${rand(2, 19)}`,
      },
      {
        name: 'product by slug per store',
        cached: `${API}/products?slug=${encodeURIComponent(slug)}&warehouse_id=14`,
        varied: () => `${API}/products?slug=${encodeURIComponent(pick(slugs))}&warehouse_id=${rand(2, 19)}`,
      },
      {
        name: 'search q=pasta',
        cached: `${API}/products?q=pasta`,
        varied: () => `${API}/products?q=${encodeURIComponent(pick(searchWords))}&page=${rand(1, 3)}`,
      },
      {
        name: 'search per store',
        cached: `${API}/products?q=pasta&warehouse_id=13`,
        varied: () =>
          `${API}/products?q=${encodeURIComponent(pick(searchWords))}&page=${rand(1, 3)}&warehouse_id=${rand(2, 19)}`,
      },
      {
        name: 'suggest q=mozz',
        cached: `${API}/products/suggest?q=mozz`,
        varied: () => `${API}/products/suggest?q=${encodeURIComponent(pick(prefixes))}`,
      },
      {
        name: 'product by slug',
        cached: `${API}/products?slug=${encodeURIComponent(slug)}`,
        varied: () => `${API}/products?slug=${encodeURIComponent(pick(slugs))}`,
      },
      { name: 'category tree', cached: `${API}/category` },
    ],
  };
}
