import { describe, expect, it, vi } from 'vitest';
import type { CatalogueService } from './catalogue.service';
import { ListingWarmer } from './listing-warmer';

/** A catalogue whose version and warm-ups the test drives. */
function fakeCatalogue() {
  const state = { version: 1, warmed: 0, fail: false };
  const catalogue = {
    version: vi.fn(async () => state.version),
    warmListings: vi.fn(async () => {
      if (state.fail) throw new Error('database gone');
      await new Promise((resolve) => setTimeout(resolve, 0));
      state.warmed++;
      return { version: state.version, listings: 3 };
    }),
  };
  return {
    state,
    catalogue: catalogue as unknown as CatalogueService,
    mock: catalogue,
  };
}

describe('ListingWarmer', () => {
  it('shares one warm-up between callers who ask while it runs', async () => {
    const { catalogue, mock } = fakeCatalogue();
    const warmer = new ListingWarmer(catalogue, { refreshMs: 60_000 });
    await Promise.all([warmer.warm(), warmer.warm(), warmer.warm()]);
    expect(mock.warmListings).toHaveBeenCalledTimes(1);
  });

  it('warms again when the catalogue version changes, at most once per gap', async () => {
    let now = 1_000;
    const { state, catalogue, mock } = fakeCatalogue();
    const warmer = new ListingWarmer(catalogue, { refreshMs: 840_000, minGapMs: 120_000, now: () => now });
    await warmer.warm();
    now = 500_000;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(1);
    state.version = 2;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(2);
    // the next changes come sooner than the gap: the listings are read again once it has passed
    state.version = 3;
    now = 500_000 + 119_999;
    await warmer.check();
    state.version = 4;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(2);
    now = 500_000 + 120_000;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(3);
    // nothing changed since: no warm-up until the refresh
    now = 700_000;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(3);
  });

  it('keeps the gap when the cached listings live shorter than it', async () => {
    let now = 0;
    const { catalogue, mock } = fakeCatalogue();
    const warmer = new ListingWarmer(catalogue, { refreshMs: 30_000, minGapMs: 120_000, now: () => now });
    await warmer.warm();
    now = 119_999;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(1);
    now = 120_000;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(2);
  });

  it('warms again before the cached listings expire', async () => {
    let now = 0;
    const { catalogue, mock } = fakeCatalogue();
    const warmer = new ListingWarmer(catalogue, { refreshMs: 840_000, now: () => now });
    await warmer.warm();
    now = 839_999;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(1);
    now = 840_000;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(2);
  });

  it('logs a failed warm-up and tries again at the next check', async () => {
    const { state, catalogue, mock } = fakeCatalogue();
    const log = vi.fn();
    const warmer = new ListingWarmer(catalogue, { refreshMs: 60_000, log });
    state.fail = true;
    await expect(warmer.warm()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('listing warm-up failed: database gone');
    state.fail = false;
    await warmer.check();
    expect(mock.warmListings).toHaveBeenCalledTimes(2);
    expect(state.warmed).toBe(1);
  });
});
