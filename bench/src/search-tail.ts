// The long tail of search (issue 27): a generated, deterministic query log of a day of shoppers' searches over
// the running catalogue, replayed with autocannon against a started server. bench.ts runs it with the read
// cache on and off (CACHE_TTL_MS=0), on PGlite and on PostgreSQL (`--part=search-tail`).
//
// The vocabulary comes from the catalogue the server holds (product names and brands of the first page of
// every leaf category); the log is drawn from it with a seeded generator, so the same catalogue gives the
// same log. Query kinds: single words, brands, brand + word, two- and three-word phrases, misspellings
// (one edit), accents dropped, words still being typed; each with a page (1-3), a sort and sometimes an
// allergen filter (free_from). Popularity follows a Zipf law, as a real day's searches do: a few queries come
// back all day, most come once.
import { apiData, type CategoryNode } from './lib';
import { API, load, type LoadResult } from './scenarios';

/** What the log is drawn from. */
export interface Vocabulary {
  names: string[];
  brands: string[];
  departments: number[];
  leaves: number[];
}

interface WireProduct {
  name: string;
  shortDescr: string;
  vendor: { name: string };
}

/** Names and brands of the first page of every leaf (page_size 48), the departments and the leaves. */
export async function readVocabulary(base: string): Promise<Vocabulary> {
  const tree = await apiData<{ categories: CategoryNode[] }>(base, `${API}/category`);
  const departments = tree.categories.map((c) => c.categoryId);
  const leaves: number[] = [];
  const walk = (cats: CategoryNode[]) => {
    for (const c of cats) {
      if (c.categories?.length) walk(c.categories);
      else leaves.push(c.categoryId);
    }
  };
  walk(tree.categories);
  const names = new Set<string>();
  const brands = new Set<string>();
  // a few leaves at a time: the vocabulary is read before the measured runs, over a cache that may be off
  for (let i = 0; i < leaves.length; i += 4) {
    const pages = await Promise.all(
      leaves
        .slice(i, i + 4)
        .map((id) =>
          apiData<{ products: WireProduct[] }>(base, `${API}/products?category_id=${id}&page_size=48`),
        ),
    );
    for (const page of pages)
      for (const p of page.products) {
        names.add(p.name);
        const brand = p.vendor.name || p.shortDescr;
        if (brand) brands.add(brand);
      }
  }
  return {
    names: [...names].sort(),
    brands: [...brands].sort(),
    departments: departments.sort((a, b) => a - b),
    leaves: leaves.sort((a, b) => a - b),
  };
}

/** mulberry32: a small seeded generator (the log must be the same on every run). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORD = /[\p{L}]{3,}/gu;
const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');

/** One edit a hurried thumb makes: two letters swapped, one dropped, one doubled, a vowel for another. */
function misspell(word: string, rnd: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default: {
      const vowels = 'aeiou';
      const j = [...word].findIndex((c, k) => k >= i && vowels.includes(c));
      if (j < 0) return word.slice(0, i) + word.slice(i + 1);
      const other = vowels[(vowels.indexOf(word[j]!) + 1 + Math.floor(rnd() * 4)) % 5]!;
      return word.slice(0, j) + other + word.slice(j + 1);
    }
  }
}

export const QUERY_KINDS = [
  'word',
  'brand',
  'brand+word',
  'two words',
  'three words',
  'misspelling',
  'accents dropped',
  'being typed',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
/** how often each kind is drawn (out of 100) */
const KIND_WEIGHTS: Record<QueryKind, number> = {
  word: 22,
  brand: 10,
  'brand+word': 8,
  'two words': 22,
  'three words': 10,
  misspelling: 14,
  'accents dropped': 6,
  'being typed': 8,
};

export interface SearchQuery {
  kind: QueryKind;
  q: string;
  sort: string;
  freeFrom: string;
}

const SORTS = ['', '', '', '', 'pri_asc', 'pri_desc', 'alf_asc', 'new'];
const FREE_FROM = ['', '', '', '', '', '', '', '', 'glutine', 'lattosio'];

/**
 * At least `distinct` different searches (text, sort, allergen filter), at least `distinct` different
 * texts when the vocabulary allows it (tries are bounded), in a deterministic order.
 */
export function searchQueries(v: Vocabulary, distinct: number, seed = 27): SearchQuery[] {
  const rnd = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const nameWords = v.names.map((n) => (n.toLocaleLowerCase('it-IT').match(WORD) ?? []) as string[]);
  const multi = nameWords.filter((w) => w.length >= 2);
  const words = [...new Set(nameWords.flat())].sort();
  const accented = words.filter((w) => stripAccents(w) !== w);
  const brands = v.brands.filter((b) => b.length >= 2);
  const kinds = QUERY_KINDS.flatMap((k) => Array<QueryKind>(KIND_WEIGHTS[k]).fill(k));
  const phrase = (n: number) => {
    const ws = pick(multi);
    const at = Math.floor(rnd() * Math.max(1, ws.length - n + 1));
    return ws.slice(at, at + n).join(' ');
  };
  const text = (kind: QueryKind): string => {
    switch (kind) {
      case 'word':
        return pick(words);
      case 'brand':
        return pick(brands).toLocaleLowerCase('it-IT');
      case 'brand+word':
        return `${pick(brands).toLocaleLowerCase('it-IT')} ${pick(pick(multi))}`;
      case 'two words':
        return phrase(2);
      case 'three words':
        return phrase(3);
      case 'misspelling': {
        const ws = rnd() < 0.6 ? [pick(words)] : phrase(2).split(' ');
        const k = Math.floor(rnd() * ws.length);
        ws[k] = misspell(ws[k]!, rnd);
        return ws.join(' ');
      }
      case 'accents dropped':
        return stripAccents(accented.length > 0 && rnd() < 0.5 ? pick(accented) : phrase(2));
      case 'being typed': {
        const w = pick(words);
        const head = rnd() < 0.3 ? `${pick(pick(multi))} ` : '';
        return head + w.slice(0, Math.min(w.length, 3 + Math.floor(rnd() * 3)));
      }
    }
  };
  const out: SearchQuery[] = [];
  const seenSearch = new Set<string>();
  const seenText = new Set<string>();
  for (let tries = 0; tries < distinct * 20 && seenText.size < distinct; tries++) {
    const kind = pick(kinds);
    const q = text(kind).trim();
    if (q.length < 2) continue;
    const query: SearchQuery = { kind, q, sort: pick(SORTS), freeFrom: pick(FREE_FROM) };
    const key = `${q}|${query.sort}|${query.freeFrom}`;
    if (seenSearch.has(key)) continue;
    seenSearch.add(key);
    seenText.add(q);
    out.push(query);
  }
  return out;
}

/** 1 (70 %), 2 (20 %) or 3 (10 %): most shoppers stop at the first page. */
const pageOf = (r: number) => (r < 0.7 ? 1 : r < 0.9 ? 2 : 3);

/** Zipf-distributed ranks 0..n-1 (exponent s), by inverse transform over the cumulative weights. */
function zipf(n: number, s: number, rnd: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / Math.pow(i + 1, s);
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const searchPath = (s: SearchQuery, page: number) =>
  `${API}/products?q=${encodeURIComponent(s.q)}` +
  (s.sort ? `&sort=${s.sort}` : '') +
  (s.freeFrom ? `&free_from=${s.freeFrom}` : '') +
  (page > 1 ? `&page=${page}` : '');

/** `requests` search paths drawn from the queries by popularity (Zipf 0.9), each with its page. */
export function searchLog(queries: readonly SearchQuery[], requests: number, seed = 2027): string[] {
  const rnd = seeded(seed);
  const rank = zipf(queries.length, 0.9, rnd);
  return Array.from({ length: requests }, () => searchPath(queries[rank()]!, pageOf(rnd())));
}

/** Listing paths: departments and leaves, pages 1-3, a sort, sometimes an allergen filter or promotions. */
export function listingLog(v: Vocabulary, requests: number, seed = 2028): string[] {
  const rnd = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: requests }, () => {
    const scope = rnd() < 0.3 ? `parent_category_id=${pick(v.departments)}` : `category_id=${pick(v.leaves)}`;
    const sort = pick(SORTS);
    const freeFrom = pick(FREE_FROM);
    const page = pageOf(rnd());
    return (
      `${API}/products?${scope}` +
      (sort ? `&sort=${sort}` : '') +
      (freeFrom ? `&free_from=${freeFrom}` : '') +
      (rnd() < 0.05 ? '&promo=true' : '') +
      (page > 1 ? `&page=${page}` : '')
    );
  });
}

/**
 * Share of requests the read cache answers, simulated over the log as replayed (same order, as many
 * requests as were sent) with the server's LRU size: a page is answered from the cache when its exact query
 * was read before and not pushed out since; its total and facets (the listing summary, cached apart) when
 * the same filters were read before on any page or sort.
 */
export function simulatedHitRate(
  log: readonly string[],
  sent: number,
  maxEntries: number,
): { pages: number; summaries: number } {
  // a Map keeps insertion order: delete + set moves a key to the end, the first key is the least recent
  const lru = new Map<string, true>();
  const get = (key: string) => {
    if (!lru.delete(key)) return false;
    lru.set(key, true);
    return true;
  };
  const set = (key: string) => {
    lru.delete(key);
    lru.set(key, true);
    if (lru.size > maxEntries) lru.delete(lru.keys().next().value!);
  };
  let pageHits = 0;
  let summaryHits = 0;
  let misses = 0;
  for (let i = 0; i < sent; i++) {
    const path = log[i % log.length]!;
    const url = new URL(path, 'http://x');
    const filters = new URLSearchParams(url.search);
    filters.delete('page');
    filters.delete('sort');
    const pageKey = `p:${url.search}`;
    const summaryKey = `s:${filters.toString()}`;
    if (get(pageKey)) pageHits++;
    else {
      misses++;
      if (get(summaryKey)) summaryHits++;
      set(summaryKey);
      set(pageKey);
    }
  }
  return { pages: sent ? pageHits / sent : 0, summaries: misses ? summaryHits / misses : 0 };
}

/** The log replayed in order by `connections` clients for `seconds` (wrapping around at its end). */
export async function replay(
  base: string,
  log: readonly string[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  let next = 0;
  return load(base, () => log[next++ % log.length]!, seconds, connections);
}

export interface TailRun extends LoadResult {
  db: string;
  products: number;
  cache: 'on' | 'off';
  part: 'search' | 'listing';
  /** simulated share of requests answered from the read cache (0 with the cache off) */
  hitRate: number;
}

/** Search then listing of one started server. */
export async function benchTail(opts: {
  url: string;
  db: string;
  products: number;
  cache: 'on' | 'off';
  search: readonly string[];
  listing: readonly string[];
  /** logs of another seed, replayed for 2 s before each measured run (JIT, connection pool) */
  warm: { search: readonly string[]; listing: readonly string[] };
  seconds: number;
  connections: number;
  maxEntries: number;
  parts?: readonly ('search' | 'listing')[];
}): Promise<TailRun[]> {
  const rows: TailRun[] = [];
  for (const part of opts.parts ?? (['search', 'listing'] as const)) {
    const log = part === 'search' ? opts.search : opts.listing;
    await replay(opts.url, opts.warm[part], 2, opts.connections);
    const r = await replay(opts.url, log, opts.seconds, opts.connections);
    const hit = opts.cache === 'on' ? simulatedHitRate(log, r.total, opts.maxEntries).pages : 0;
    rows.push({ db: opts.db, products: opts.products, cache: opts.cache, part, hitRate: hit, ...r });
    console.log(
      `  ${part} (cache ${opts.cache}): ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} ` +
        `p99 ${r.p99.toFixed(1)} ms, ${r.total} requests, ${r.non2xx} non-2xx, hit rate ${(hit * 100).toFixed(0)} %`,
    );
  }
  return rows;
}
