import {
  NOTIFICATION_TYPE,
  type PushDeviceData,
  type PushPayload,
  type pushRegisterQuerySchema,
  type pushUnregisterQuerySchema,
} from '@spesa/shared/contracts/notifications';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { PUSH_TEXT } from './notifications.messages';
import type { PushMessageRow, PushRepository } from './push.repository';
import type { PushSender } from './push.sender';

/** One job per message written: finds the customer's devices and writes one job per device. */
export const PUSH_FAN_OUT_JOB = 'notifications.push';
/** One push to one device: retried by the job queue on a push service failure. */
export const PUSH_DEVICE_JOB = 'notifications.push-device';

/** The kinds sent as push: all but "order confirmed", which the customer reads on the page they ordered from. */
export const PUSHED_TYPES: ReadonlySet<number> = new Set([
  NOTIFICATION_TYPE.orderPrepared,
  NOTIFICATION_TYPE.outForDelivery,
  NOTIFICATION_TYPE.slotReminder,
  NOTIFICATION_TYPE.voucherIssued,
  NOTIFICATION_TYPE.receiptAvailable,
]);

/** The customer's contact preference "push" (the account module's profile). */
export interface PushPreferencePort {
  wantsPush(userId: number): Promise<boolean>;
}

/** Writes a job, in the caller's transaction when given (lib/jobs.ts). */
export type EnqueueJob = (kind: string, payload: unknown, db?: Db) => Promise<void>;

/**
 * A list of push services the shop sends to, as `scheme://host` with an optional leading `*.` on the host
 * (any subdomain). A subscription's endpoint elsewhere is refused: the server would otherwise POST to any
 * address a customer names.
 */
export function endpointAllowed(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((entry) => {
    const m = /^(https?):\/\/(\*\.)?([^/:]+)\/?$/.exec(entry.trim());
    if (!m || url.protocol !== `${m[1]}:`) return false;
    const host = m[3]!.toLowerCase();
    return m[2] ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  });
}

/** The page a push opens. */
export function pushUrl(m: Pick<PushMessageRow, 'messageTypeId' | 'orderId'>): string {
  if (m.orderId !== null) return `/profile/orders/${m.orderId}`;
  if (m.messageTypeId === NOTIFICATION_TYPE.voucherIssued) return '/profile/gift-certificates';
  if (m.messageTypeId === NOTIFICATION_TYPE.receiptAvailable) return '/profile/receipts';
  return '/profile/notifications';
}

/**
 * Push notifications (decision 055): the customer's devices (`/externalregistration/*`) and the sending of
 * the history's messages to them. `queue` is called by `NotificationService.record` in the event's
 * transaction; the sending runs as jobs (once per cluster, retried, after restarts too). A device the push
 * service calls gone (404/410) is removed.
 */
export class PushService {
  constructor(
    private readonly repo: PushRepository,
    private readonly sender: PushSender,
    private readonly prefs: PushPreferencePort,
    private readonly enqueue: EnqueueJob,
    private readonly allowedEndpoints: readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  vapidKey(): Result<{ publicKey: string }> {
    return ok({ publicKey: this.sender.publicKey });
  }

  async register(
    userId: number,
    q: z.output<typeof pushRegisterQuerySchema>,
  ): Promise<Result<PushDeviceData>> {
    if (!endpointAllowed(q.external_id, this.allowedEndpoints)) return failWith(PUSH_TEXT.endpointRefused);
    const registeredAt = await this.repo.upsert(
      {
        userId,
        platform: q.platform,
        uuid: q.uuid,
        endpoint: q.external_id,
        p256dh: q.p256dh.replace(/=+$/, ''),
        auth: q.auth.replace(/=+$/, ''),
        model: q.model || undefined,
        platformVersion: q.platform_version || undefined,
        manufacturer: q.manufacturer || undefined,
      },
      this.now(),
    );
    return ok({ platform: q.platform, uuid: q.uuid, registeredAt });
  }

  async unregister(
    userId: number,
    q: z.output<typeof pushUnregisterQuerySchema>,
  ): Promise<Result<{ platform: string; uuid: string }>> {
    if (!(await this.repo.remove(userId, q.platform, q.uuid)))
      return failWith(PUSH_TEXT.deviceNotFound, 'notFound');
    return ok({ platform: q.platform, uuid: q.uuid });
  }

  /** A message was written (in `tx`): its push goes out once that transaction commits. */
  async queue(tx: Db, m: { notificationId: number; messageTypeId: number }): Promise<void> {
    if (!PUSHED_TYPES.has(m.messageTypeId)) return;
    await this.enqueue(PUSH_FAN_OUT_JOB, { notificationId: m.notificationId }, tx);
  }

  /** PUSH_FAN_OUT_JOB: one job per device of the customer, when they want push messages. */
  async fanOut(notificationId: number): Promise<void> {
    const m = await this.repo.message(notificationId);
    if (!m || !(await this.prefs.wantsPush(m.userId))) return;
    for (const d of await this.repo.devicesOf(m.userId))
      await this.enqueue(PUSH_DEVICE_JOB, { notificationId, deviceId: d.deviceId });
  }

  /**
   * PUSH_DEVICE_JOB: sends the message to the device, if the device still belongs to its customer and they
   * still want push messages. Throws on a push service failure (the job is retried).
   */
  async deliver(notificationId: number, deviceId: number): Promise<'sent' | 'gone' | 'skipped'> {
    const [m, d] = [await this.repo.message(notificationId), await this.repo.device(deviceId)];
    if (!m || !d || d.userId !== m.userId || !(await this.prefs.wantsPush(m.userId))) return 'skipped';
    const payload: PushPayload = {
      notificationId: m.notificationId,
      messageTypeId: m.messageTypeId,
      title: m.title,
      body: m.body,
      url: pushUrl(m),
    };
    const outcome = await this.sender.send(d, JSON.stringify(payload));
    if (outcome === 'gone') await this.repo.removeExpired(d.deviceId, d.endpoint);
    return outcome;
  }

  /** Account erasure. */
  erase(userId: number): Promise<void> {
    return this.repo.deleteOf(userId);
  }
}
