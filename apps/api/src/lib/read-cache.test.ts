import { describe, expect, it } from 'vitest';
import { normaliseQuery, VersionedReadCache } from './read-cache';
import { fail, ok } from './result';

function setup(opts: { ttlMs?: number } = {}) {
  let version = 1;
  let versionReads = 0;
  let clock = 0;
  const cache = new VersionedReadCache({
    ttlMs: opts.ttlMs ?? 60_000,
    maxEntries: 50,
    versionCheckMs: 1000,
    now: () => clock,
    readVersion: async () => {
      versionReads++;
      return version;
    },
  });
  return {
    cache,
    bump: () => version++,
    tick: (ms: number) => (clock += ms),
    reads: () => versionReads,
  };
}

describe('VersionedReadCache', () => {
  it('runs one load for concurrent misses of a key, and loads again after a failure', async () => {
    const s = setup();
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return ok(loads);
    };
    const waiting = [s.cache.getOrLoad(['a'], load), s.cache.getOrLoad(['a'], load)];
    await Promise.resolve();
    release();
    expect(await Promise.all(waiting)).toEqual([ok(1), ok(1)]);
    expect(loads).toBe(1);

    let failures = 0;
    const failing = async () => {
      failures++;
      return fail('msg.x', 'No');
    };
    await Promise.all([s.cache.getOrLoad(['b'], failing), s.cache.getOrLoad(['b'], failing)]);
    await s.cache.getOrLoad(['b'], failing);
    expect(failures).toBe(2);
  });

  it('loads once per key and version, re-reading the version at most once a second', async () => {
    const s = setup();
    let loads = 0;
    const load = async () => ok(++loads);
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(1));
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(1));
    expect(s.reads()).toBe(1);
    s.bump();
    // within the second the old version is still believed
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(1));
    s.tick(1001);
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(2));
    expect(s.reads()).toBe(2);
  });

  it('reads through with skip and never keeps failures', async () => {
    const s = setup();
    let loads = 0;
    await s.cache.getOrLoad(['k'], async () => ok(++loads));
    expect(await s.cache.getOrLoad(['k'], async () => ok(++loads), true)).toEqual(ok(2));
    expect(await s.cache.getOrLoad(['k'], async () => ok(++loads))).toEqual(ok(2));
    const failure = fail('msg.x', 'No');
    await s.cache.getOrLoad(['f'], async () => failure);
    expect(await s.cache.getOrLoad(['f'], async () => ok(9))).toEqual(ok(9));
  });

  it('shares one version read between concurrent requests and can be told a write happened', async () => {
    const s = setup();
    await Promise.all([s.cache.version(), s.cache.version(), s.cache.version()]);
    expect(s.reads()).toBe(1);
    s.bump();
    s.cache.invalidateVersion();
    expect(await s.cache.version()).toBe(2);
  });

  it('serves at once a newer version read by another statement, never an older one', async () => {
    const s = setup();
    let loads = 0;
    const load = async () => ok(++loads);
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(1));
    s.bump();
    // a hot read brought the version with its own statement: no wait for the second, no version read
    s.cache.observeVersion(2);
    expect(await s.cache.getOrLoad(['a'], load)).toEqual(ok(2));
    s.cache.observeVersion(1);
    expect(await s.cache.version()).toBe(2);
    expect(s.reads()).toBe(1);
  });

  it('keeps values by id apart: loads only the missing ones, in the order asked, per version and scope', async () => {
    const s = setup();
    const asked: number[][] = [];
    const load = async (missing: readonly number[]) => {
      asked.push([...missing]);
      // 404 does not exist: it is neither answered nor remembered
      return new Map(missing.filter((id) => id !== 404).map((id) => [id, { id, version: asked.length }]));
    };
    const ids = (values: { id: number }[]) => values.map((v) => v.id);
    expect(ids(await s.cache.getManyOrLoad('product', 'day1', [3, 1, 2], load))).toEqual([3, 1, 2]);
    expect(ids(await s.cache.getManyOrLoad('product', 'day1', [2, 4, 404, 3], load))).toEqual([2, 4, 3]);
    expect(asked).toEqual([
      [3, 1, 2],
      [4, 404],
    ]);
    // the very same objects come back (pages share them)
    const [first] = await s.cache.getManyOrLoad('product', 'day1', [1], load);
    const [again] = await s.cache.getManyOrLoad('product', 'day1', [1], load);
    expect(first).toBe(again);
    expect(asked).toHaveLength(2);
    // another scope, a skip, and a new version all read again
    await s.cache.getManyOrLoad('product', 'day2', [1], load);
    await s.cache.getManyOrLoad('product', 'day1', [1, 2], load, true);
    s.bump();
    s.tick(1001);
    await s.cache.getManyOrLoad('product', 'day1', [1], load);
    expect(asked.slice(2)).toEqual([[1], [1, 2], [1]]);
  });

  it('does not cache at all with a zero TTL', async () => {
    const s = setup({ ttlMs: 0 });
    let loads = 0;
    await s.cache.getOrLoad(['a'], async () => ok(++loads));
    await s.cache.getOrLoad(['a'], async () => ok(++loads));
    expect(loads).toBe(2);
    const load = async (missing: readonly number[]) => new Map(missing.map((id) => [id, ++loads]));
    await s.cache.getManyOrLoad('product', '', [1], load);
    expect(await s.cache.getManyOrLoad('product', '', [1], load)).toEqual([4]);
  });

  it('keeps a derived cache apart: its own entries, the same version, no extra version reads', async () => {
    const s = setup();
    const store = s.cache.derived(2);
    let loads = 0;
    const load = async () => ok(++loads);
    expect(await s.cache.getOrLoad(['shared'], load)).toEqual(ok(1));
    // three keys in a derived cache of two: its own oldest goes, the shared entry stays
    for (const key of ['a', 'b', 'c']) await store.getOrLoad([key], load);
    expect(await s.cache.getOrLoad(['shared'], load)).toEqual(ok(1));
    expect(await store.getOrLoad(['c'], load)).toEqual(ok(4));
    expect(await store.getOrLoad(['a'], load)).toEqual(ok(5));
    expect(s.reads()).toBe(1);
    // the version moves: both see it at the same check
    s.bump();
    s.tick(1500);
    expect(await store.getOrLoad(['c'], load)).toEqual(ok(6));
    expect(await s.cache.getOrLoad(['shared'], load)).toEqual(ok(7));
    expect(s.reads()).toBe(2);
  });
});

describe('normaliseQuery', () => {
  it('ignores key order, undefined values and cache busters', () => {
    expect(normaliseQuery({ b: 1, a: 'x', hash: 'w1d2025', skip_cache: true, c: undefined })).toBe(
      normaliseQuery({ a: 'x', b: 1 }),
    );
  });
});
