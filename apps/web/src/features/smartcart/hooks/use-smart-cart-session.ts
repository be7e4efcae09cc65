import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SmartCartItem } from '@spesa/shared/contracts/smartcart';
import { showResponseMessages } from '../../../lib/http';
import { sendScans, smartCartKeys, useSmartCart } from '../api/smart-cart';
import {
  enqueueScan,
  flushScanQueue,
  queuedScans,
  subscribeScanQueue,
  type QueuedScan,
} from '../utils/scan-queue';

/** While scans wait, the queue is tried again this often (besides the browser's "online" event). */
const RETRY_MS = 10_000;

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);
function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The self-scanning session at a store: the smart cart as the server last answered, the scans still queued on
 * the device, and the changes (scan, quantity, removal), each queued first and then sent in order.
 */
export function useSmartCartSession(storeId: number) {
  const queryClient = useQueryClient();
  const cart = useSmartCart(storeId);
  const queue = useSyncExternalStore(subscribeScanQueue, queuedScans, queuedScans);
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const pending = queue.filter((s) => s.storeId === storeId);

  const flush = useCallback(async () => {
    if (!isOnline() || queuedScans().length === 0) return;
    const sent = await flushScanQueue((batch: QueuedScan[]) =>
      sendScans(queryClient, batch, ({ response }) => {
        // refusals only: what was added shows in the lines (a toast per scan would cover the screen)
        if (response) showResponseMessages({ ...response, infos: [], infosMessage: [] });
      }),
    );
    // a read started while the queue was sent (the reconnection's refetch) may answer an older cart: read again
    if (sent > 0) void queryClient.invalidateQueries({ queryKey: smartCartKeys.all });
  }, [queryClient]);

  useEffect(() => {
    void flush();
  }, [flush, online]);

  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [flush, pending.length]);

  const scan = useCallback(
    (code: string) => {
      enqueueScan({ op: 'add', storeId, code });
      void flush();
    },
    [flush, storeId],
  );
  const setQuantity = useCallback(
    (item: SmartCartItem, quantity: number) => {
      enqueueScan(
        quantity > 0
          ? { op: 'update', storeId, itemId: item.itemId, quantity }
          : { op: 'delete', storeId, itemId: item.itemId, productId: item.product.productId },
      );
      void flush();
    },
    [flush, storeId],
  );

  return { cart, pending, online, scan, setQuantity, flush };
}
