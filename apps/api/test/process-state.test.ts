import { describe, expect, it } from 'vitest';
import { findProcessState, PROCESS_STATE } from '../../../scripts/lint/process-state.mjs';

/**
 * What an API process keeps in its own memory, and how each copy follows a change made on another host
 * (decision 090): the code and the list in scripts/lint/process-state.mjs name the same state. A new cache
 * gets an entry saying how it follows (a version, a bounded time, a pure function …), or it is not merged.
 */
const FOLLOWS = ['pure', 'version', 'ttl', 'in-flight', 'start', 'local'];

describe('state kept in a process', () => {
  const found = findProcessState().map((f) => f.id);
  const listed = PROCESS_STATE;

  it('finds the caches it is meant to find', () => {
    expect(found).toEqual(
      expect.arrayContaining([
        'lib/read-cache.ts#VersionedReadCache.#lru',
        'modules/media/icon.renderer.ts#rendered',
        'modules/delivery/delivery.service.ts#DeliveryService.warehouseCache',
        'modules/delivery/timeslot.service.ts#italy',
      ]),
    );
    // lookup tables written once are not state
    expect(found.some((id) => id.endsWith('#SAFE_METHODS') || id.endsWith('#LOCAL_HOSTS'))).toBe(false);
  });

  it('every piece of it is listed with how it follows another host, and nothing listed is gone', () => {
    expect([...found].sort()).toEqual(Object.keys(listed).sort());
    for (const [id, entry] of Object.entries(listed)) {
      expect(FOLLOWS, id).toContain(entry.follows);
      expect(entry.how.length, id).toBeGreaterThan(10);
    }
  });
});
