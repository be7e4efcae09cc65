import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_RELOAD_MS, VERSION_CHECK_MS } from './config';
import {
  checkVersion,
  needsReload,
  noteActivity,
  resetAppFreshness,
  startAppFreshness,
} from './app-freshness';

const versionAnswer = (build: string) =>
  new Response(JSON.stringify({ version: '1.47.1', build }), {
    headers: { 'content-type': 'application/json' },
  });

describe('app freshness (spec section 9: version check 10 min, reload after 30 min idle)', () => {
  beforeEach(() => resetAppFreshness());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for a reload only after 30 minutes without activity', () => {
    const t0 = Date.now();
    noteActivity(t0);
    expect(needsReload(t0 + IDLE_RELOAD_MS - 1)).toBe(false);
    expect(needsReload(t0 + IDLE_RELOAD_MS + 1)).toBe(true);
    noteActivity(t0 + IDLE_RELOAD_MS);
    expect(needsReload(t0 + IDLE_RELOAD_MS + 1)).toBe(false);
  });

  it('notices a new server build, not the first one it sees', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(versionAnswer('aaa'))
      .mockResolvedValueOnce(versionAnswer('aaa'))
      .mockResolvedValueOnce(versionAnswer('bbb'));
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkVersion()).toBe(false);
    expect(await checkVersion()).toBe(false);
    expect(await checkVersion()).toBe(true);
    expect(needsReload()).toBe(true);
  });

  it('polls every 10 minutes and reloads when the customer comes back to an idle tab', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(versionAnswer('same')));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    const stop = startAppFreshness(reload);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('focus'));
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_RELOAD_MS);
    window.dispatchEvent(new Event('focus'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a new release: an open page left idle 30 minutes reloads by itself at the next check', async () => {
    vi.useFakeTimers();
    let build = 'old';
    vi.stubGlobal('fetch', vi.fn().mockImplementation(() => Promise.resolve(versionAnswer(build))));
    const reload = vi.fn();
    noteActivity(Date.now());
    const stop = startAppFreshness(reload);
    await vi.advanceTimersByTimeAsync(0);
    build = 'new';
    // the customer is still active: the new release waits for the next page change
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS);
    expect(needsReload()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    // 30 minutes without activity: the next check reloads the page
    await vi.advanceTimersByTimeAsync(IDLE_RELOAD_MS - VERSION_CHECK_MS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });
});
