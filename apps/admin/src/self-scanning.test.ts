import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSelfScanningStore } from '@spesa/shared/contracts/admin-smartcart';
import { dataProvider } from './data-provider';
import { envelope } from './test-envelope';

afterEach(() => vi.unstubAllGlobals());

const STORE: AdminSelfScanningStore = {
  id: 13,
  name: 'Spesa Milano Città Studi',
  city: 'Milano',
  enabled: true,
  rescanPercent: 10,
  rescanPercentDefault: true,
  entranceCode: 'SPESA-NEGOZIO-13',
  updatedAt: null,
  date: '2031-05-06',
  today: {
    started: 0,
    ended: 0,
    closed: 0,
    cancelled: 0,
    flagged: 0,
    rescanPassed: 0,
    rescanDiscrepancies: 0,
    rescanPending: 0,
  },
};

describe('self-scanning in the data provider', () => {
  it('sends only the settings changed, with the updatedAt read (null for a store never set)', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(envelope({ data: { ...STORE, sessions: [] } }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    await dataProvider.update('self-scanning', {
      id: 13,
      data: { ...STORE, rescanPercent: 25 },
      previousData: STORE,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/ebsn/api/admin/self-scanning/13');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ rescanPercent: 25, updatedAt: null });
  });

  it('shows the API’s Italian refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              ...envelope(null),
              response: {
                ...envelope(null).response,
                status: 1,
                errors: [{ error: 'Questo punto vendita non è tra quelli che gestisci.', code: 'x' }],
              },
            }),
            { status: 404 },
          ),
      ),
    );
    await expect(dataProvider.getOne('self-scanning', { id: 14 })).rejects.toThrow(
      'Questo punto vendita non è tra quelli che gestisci.',
    );
  });
});
