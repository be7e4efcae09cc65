import { LRUCache } from 'lru-cache';
import type { Result } from './result';

/**
 * Server-side cache of catalogue reads (spec section 9: 15 minutes). The key holds the catalogue version,
 * so a write anywhere (seed, back office) that bumps `catalogue_version` makes every older entry
 * unreachable at once; they age out of the LRU. The version is re-read at most once per
 * `versionCheckMs` (one query per second under load, shared by concurrent requests).
 * Only successful results are cached.
 */
export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** values kept one by one (getManyOrLoad), e.g. products by id; default 30,000 */
  maxItems?: number;
  versionCheckMs?: number;
  readVersion: () => Promise<number>;
  now?: () => number;
}

interface CacheEntry {
  value: unknown;
}

export class VersionedReadCache {
  readonly #opts: ReadCacheOptions;
  readonly #lru: LRUCache<string, CacheEntry> | null;
  readonly #items: LRUCache<string, CacheEntry> | null;
  readonly #readVersion: () => Promise<number>;
  readonly #versionCheckMs: number;
  readonly #now: () => number;
  #version: { value: number; readAt: number } | null = null;
  #pendingVersion: Promise<number> | null = null;
  readonly #loading = new Map<string, Promise<unknown>>();

  constructor(opts: ReadCacheOptions) {
    this.#opts = opts;
    this.#lru =
      opts.ttlMs > 0 ? new LRUCache<string, CacheEntry>({ max: opts.maxEntries, ttl: opts.ttlMs }) : null;
    this.#items =
      opts.ttlMs > 0
        ? new LRUCache<string, CacheEntry>({ max: opts.maxItems ?? 30_000, ttl: opts.ttlMs })
        : null;
    this.#readVersion = opts.readVersion;
    this.#versionCheckMs = opts.versionCheckMs ?? 1000;
    this.#now = opts.now ?? Date.now;
  }

  /** The catalogue version, re-read from the database at most once per versionCheckMs. */
  async version(): Promise<number> {
    const memo = this.#version;
    if (memo && this.#now() - memo.readAt < this.#versionCheckMs) return memo.value;
    if (!this.#pendingVersion) {
      this.#pendingVersion = this.#readVersion()
        .then((value) => {
          // a newer version observed while this read was in flight (observeVersion) is kept
          const seen = this.#version;
          if (seen && seen.value > value && this.#now() - seen.readAt < this.#versionCheckMs)
            return seen.value;
          this.#version = { value, readAt: this.#now() };
          return value;
        })
        .finally(() => {
          this.#pendingVersion = null;
        });
    }
    return this.#pendingVersion;
  }

  /**
   * A cache of its own entries (at most `maxEntries`, by default as many as this one's; no items) under this one's version and time to live: reads
   * with many more keys than the shared ones (e.g. a page per store) must not push those out. Its version is
   * this cache's, asked every time, so both move together.
   */
  derived(maxEntries = this.#opts.maxEntries): VersionedReadCache {
    return new VersionedReadCache({
      ttlMs: this.#opts.ttlMs,
      maxEntries,
      maxItems: 100,
      versionCheckMs: 0,
      readVersion: () => this.version(),
      ...(this.#opts.now ? { now: this.#opts.now } : {}),
    });
  }

  /**
   * A version the caller read from the database with its own statement (e.g. inside a hot read): when it is
   * newer than the one remembered, it becomes the remembered one at once, so the reads that follow are served
   * under it rather than up to `versionCheckMs` later.
   */
  observeVersion(version: number): void {
    const memo = this.#version;
    if (!memo || version > memo.value) this.#version = { value: version, readAt: this.#now() };
  }

  /** Forget the remembered version (after a write made by this process). */
  invalidateVersion(): void {
    this.#version = null;
  }

  get size(): number {
    return this.#lru?.size ?? 0;
  }

  /**
   * Answers from the cache, or loads, remembers a success and answers. `parts` identify the read
   * (route and the normalised query); `skip` (skip_cache=true) always loads and refreshes the entry.
   */
  async getOrLoad<T>(
    parts: readonly unknown[],
    load: () => Promise<Result<T>>,
    skip = false,
  ): Promise<Result<T>> {
    if (!this.#lru) return load();
    const key = JSON.stringify([await this.version(), ...parts]);
    if (!skip) {
      const hit = this.#lru.get(key);
      // Entries under one key are always written by the same loader, so they hold a Result<T>.
      if (hit) return hit.value as Result<T>;
      // Concurrent misses of one key share a single load (a cold listing under load ran its count and
      // facets once per waiting request).
      const pending = this.#loading.get(key);
      if (pending) return pending as Promise<Result<T>>;
    }
    const loading = load().then((result) => {
      if (result.ok) this.#lru?.set(key, { value: result });
      return result;
    });
    if (!skip) {
      this.#loading.set(key, loading);
      const forget = () => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
      };
      loading.then(forget, forget);
    }
    return loading;
  }

  /**
   * Values of one kind by id (e.g. the products a listing page shows), each remembered apart under the
   * version and `scope` (what else they depend on, e.g. the day): a page is assembled from the values other
   * reads already loaded, and `load` reads only the missing ids (it may answer fewer: unknown ids are not
   * remembered). Answers in the order of `ids`, without the ones not found. `skip` reads them all afresh.
   */
  async getManyOrLoad<T>(
    kind: string,
    scope: string,
    ids: readonly number[],
    load: (missing: readonly number[]) => Promise<ReadonlyMap<number, T>>,
    skip = false,
  ): Promise<T[]> {
    const items = this.#items;
    const prefix = items ? JSON.stringify([await this.version(), kind, scope]) : '';
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      // Entries under one kind and scope are always written by the same caller, so they hold a T.
      const hit = skip ? undefined : items?.get(`${prefix}${id}`);
      if (hit) found.set(id, hit.value as T);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const [id, value] of await load(missing)) {
        found.set(id, value);
        items?.set(`${prefix}${id}`, { value });
      }
    }
    return ids.flatMap((id) => (found.has(id) ? [found.get(id) as T] : []));
  }
}

/** Stable form of a query object for cache keys: sorted keys, no undefined, no cache-busting params. */
export function normaliseQuery(query: object, ignore: readonly string[] = ['hash', 'skip_cache']): string {
  const entries = Object.entries(query)
    .filter(([k, v]) => v !== undefined && !ignore.includes(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
