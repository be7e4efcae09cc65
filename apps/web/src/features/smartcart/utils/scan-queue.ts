import { readJson, writeJson } from '../../../lib/storage';

/**
 * The scans made in the store, queued on the device (decision 057): in-store connectivity is poor, so every
 * scan, quantity change and removal is written here first, with an id of its own, and sent in order; what the
 * server answered leaves the queue, what could not reach it stays for the next try (back online, the page
 * opened again). The server applies each scan id once, so a scan sent twice (an answer lost on the way back)
 * changes the smart cart once.
 */
export type QueuedScan =
  | { scanId: string; storeId: number; op: 'add'; code: string; at: number }
  | { scanId: string; storeId: number; op: 'update'; itemId: number; quantity: number; at: number }
  | { scanId: string; storeId: number; op: 'delete'; itemId: number; productId: number; at: number };

export type QueuedScanInput = QueuedScan extends infer S
  ? S extends QueuedScan
    ? Omit<S, 'scanId' | 'at'>
    : never
  : never;

export const SCAN_QUEUE_KEY = 'spesa.smartCartQueue';
/** the most scans one call sends (the contract's limit) */
export const SCAN_BATCH_MAX = 50;

const listeners = new Set<() => void>();
let snapshot: QueuedScan[] | null = null;

export function queuedScans(): QueuedScan[] {
  snapshot ??= readJson<QueuedScan[]>(SCAN_QUEUE_KEY, []);
  return snapshot;
}

function save(next: QueuedScan[]): void {
  snapshot = next;
  writeJson(SCAN_QUEUE_KEY, next);
  for (const l of listeners) l();
}

export function subscribeScanQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fresh scan id: a UUID where the browser has one, random hex otherwise. */
export function newScanId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function enqueueScan(scan: QueuedScanInput, now = Date.now()): QueuedScan {
  const queued = { ...scan, scanId: newScanId(), at: now } as QueuedScan;
  save([...queuedScans(), queued]);
  return queued;
}

export function dropScans(scanIds: readonly string[]): void {
  if (scanIds.length === 0) return;
  const gone = new Set(scanIds);
  save(queuedScans().filter((s) => !gone.has(s.scanId)));
}

/** Forgets the queue (the session was cancelled or closed, the customer signed out). */
export function clearScanQueue(): void {
  save([]);
}

/** The first scans that go in one call: the same operation at the same store, in queue order. */
export function nextBatch(queue: readonly QueuedScan[]): QueuedScan[] {
  const first = queue[0];
  if (!first) return [];
  const batch: QueuedScan[] = [];
  for (const s of queue) {
    if (s.op !== first.op || s.storeId !== first.storeId || batch.length >= SCAN_BATCH_MAX) break;
    batch.push(s);
  }
  return batch;
}

/** 'sent': the server answered (applied, or refused with its message); 'offline': it could not be reached. */
export type SendOutcome = 'sent' | 'offline';

let flushing: Promise<number> | null = null;

/**
 * Sends the queue in order, a batch at a time, until it is empty or the network fails. One flush at a time:
 * a second call while one runs waits for it. Answers how many scans left the queue.
 */
export function flushScanQueue(send: (batch: QueuedScan[]) => Promise<SendOutcome>): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (;;) {
        const batch = nextBatch(queuedScans());
        if (batch.length === 0) break;
        if ((await send(batch)) === 'offline') break;
        dropScans(batch.map((s) => s.scanId));
        sent += batch.length;
      }
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}

/** tests: forget the in-memory copy (the storage is the truth) */
export function resetScanQueueMemory(): void {
  snapshot = null;
}
