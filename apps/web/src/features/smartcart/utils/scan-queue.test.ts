import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearScanQueue,
  enqueueScan,
  flushScanQueue,
  nextBatch,
  queuedScans,
  resetScanQueueMemory,
  SCAN_QUEUE_KEY,
  type QueuedScan,
} from './scan-queue';

beforeEach(() => {
  localStorage.clear();
  resetScanQueueMemory();
});
afterEach(() => clearScanQueue());

describe('the scan queue', () => {
  it('keeps scans in order with an id each, in localStorage (a reload finds them)', () => {
    enqueueScan({ op: 'add', storeId: 13, code: '8008101009023' });
    enqueueScan({ op: 'add', storeId: 13, code: '2100042012509' });
    resetScanQueueMemory();
    const stored = queuedScans();
    expect(stored.map((s) => s.op === 'add' && s.code)).toEqual(['8008101009023', '2100042012509']);
    expect(new Set(stored.map((s) => s.scanId)).size).toBe(2);
    expect(localStorage.getItem(SCAN_QUEUE_KEY)).toContain('2100042012509');
  });

  it('batches the leading scans of one operation and store', () => {
    enqueueScan({ op: 'add', storeId: 13, code: '1' });
    enqueueScan({ op: 'add', storeId: 13, code: '2' });
    enqueueScan({ op: 'update', storeId: 13, itemId: 5, quantity: 2 });
    enqueueScan({ op: 'add', storeId: 13, code: '3' });
    expect(nextBatch(queuedScans()).length).toBe(2);
  });

  it('sends in order, stops while offline and resumes where it stopped', async () => {
    for (const code of ['1', '2']) enqueueScan({ op: 'add', storeId: 13, code });
    enqueueScan({ op: 'delete', storeId: 13, itemId: 9, productId: 4 });
    const seen: string[][] = [];
    let online = false;
    const send = async (batch: QueuedScan[]) => {
      if (!online) return 'offline' as const;
      seen.push(batch.map((s) => (s.op === 'add' ? s.code : s.op)));
      return 'sent' as const;
    };
    expect(await flushScanQueue(send)).toBe(0);
    expect(queuedScans()).toHaveLength(3);
    online = true;
    expect(await flushScanQueue(send)).toBe(3);
    expect(seen).toEqual([['1', '2'], ['delete']]);
    expect(queuedScans()).toHaveLength(0);
  });

  it('runs one flush at a time: a second call shares the first', async () => {
    enqueueScan({ op: 'add', storeId: 13, code: '1' });
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return 'sent' as const;
    };
    const [a, b] = await Promise.all([flushScanQueue(send), flushScanQueue(send)]);
    expect(calls).toBe(1);
    expect(a).toBe(1);
    expect(b).toBe(1);
  });
});
