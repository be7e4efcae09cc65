import { describe, expect, it } from 'vitest';
import { AdminApiError } from './api';
import { createAdminQueryClient, READ_RETRIES, retryRead } from './query-client';

describe("the back office's reads", () => {
  it('do not try a 4xx refusal again; a server error or a lost connection up to three times', () => {
    for (const status of [400, 401, 403, 404, 429])
      expect(retryRead(0, new AdminApiError(status, null, 'no', null))).toBe(false);
    expect(retryRead(0, new AdminApiError(503, null, 'down', null))).toBe(true);
    expect(retryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryRead(READ_RETRIES - 1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryRead(READ_RETRIES, new TypeError('Failed to fetch'))).toBe(false);
  });

  it("are react-admin's queries: the client given to <Admin> retries by that rule", () => {
    expect(createAdminQueryClient().getDefaultOptions().queries?.retry).toBe(retryRead);
  });
});
