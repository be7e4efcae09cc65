import type { CatalogueService } from './catalogue.service';

export interface ListingWarmerOptions {
  /** warm again when the last warm-up is this old (a little less than the read cache's lifetime) */
  refreshMs: number;
  /**
   * the least time between the starts of two warm-ups (default two minutes): a day of sell-outs and
   * back-office edits, or a short cache lifetime, re-reads the listings at most that often, not at each
   * change; in between, a listing's first reader fills its entry as any cache miss does
   */
  minGapMs?: number;
  /** how often the catalogue version and the age are looked at */
  checkMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

/**
 * Keeps the category listings warm (decision 020): the first pages of every menu category read through the
 * read cache at start-up, again after the catalogue version changes (a product sold out, the back office;
 * at most once per minGapMs) and before the cached entries expire. One listing at a time, so customers'
 * requests keep the database.
 */
export class ListingWarmer {
  readonly #catalogue: CatalogueService;
  readonly #refreshMs: number;
  readonly #minGapMs: number;
  readonly #checkMs: number;
  readonly #log: (message: string) => void;
  readonly #now: () => number;
  #warmed: { version: number; at: number } | null = null;
  #running: Promise<void> | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(catalogue: CatalogueService, opts: ListingWarmerOptions) {
    this.#catalogue = catalogue;
    this.#refreshMs = opts.refreshMs;
    this.#minGapMs = opts.minGapMs ?? 120_000;
    this.#checkMs = opts.checkMs ?? 10_000;
    this.#log = opts.log ?? (() => undefined);
    this.#now = opts.now ?? Date.now;
  }

  /** One warm-up (or the one under way); a failure is logged, never thrown. */
  warm(): Promise<void> {
    this.#running ??= this.#warmOnce().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Looks every checkMs whether the listings need warming again. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.check(), this.#checkMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /**
   * Warms when none succeeded yet, or, once the last one is older than minGapMs, when the version changed or
   * the last one is older than refreshMs.
   */
  async check(): Promise<void> {
    if (this.#running) return;
    try {
      const version = await this.#catalogue.version();
      const last = this.#warmed;
      const age = last ? this.#now() - last.at : Infinity;
      if (age >= this.#minGapMs && (age >= this.#refreshMs || last?.version !== version)) await this.warm();
    } catch (error) {
      this.#log(`listing warm-up check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async #warmOnce(): Promise<void> {
    const started = this.#now();
    try {
      const { version, listings } = await this.#catalogue.warmListings();
      this.#warmed = { version, at: started };
      this.#log(`${listings} category listings warmed in ${this.#now() - started} ms`);
    } catch (error) {
      this.#log(`listing warm-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
