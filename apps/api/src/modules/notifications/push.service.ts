import {
  NOTIFICATION_TYPE,
  isNativePushPlatform,
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
import type { NativePushSender, PushSender } from './push.sender';

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

/** The ports a URL scheme's services listen on when the address names none. */
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * A list of push services the shop sends to, as `scheme://host[:port]` with an optional leading `*.` on the
 * host (any subdomain) and `:*` for any port. Without a port only the scheme's default port is allowed (an
 * address that spells it, `https://host:443/…`, is the same address). A subscription's endpoint elsewhere is
 * refused: the server would otherwise POST to any address a customer names.
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
    const m = /^(https?):\/\/(\*\.)?([^/:*]+)(?::(\d{1,5}|\*))?\/?$/.exec(entry.trim());
    if (!m || url.protocol !== `${m[1]}:`) return false;
    const host = m[3]!.toLowerCase();
    const hostMatches = m[2] ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
    if (!hostMatches) return false;
    if (m[4] === '*') return true;
    // URL leaves `port` empty for the scheme's default port, so an entry naming it means no port too
    const port = m[4] === undefined || m[4] === DEFAULT_PORTS[m[1]!] ? '' : String(Number(m[4]));
    return url.port === port;
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
    /** the native apps' sender (android, ios); null: none configured, their tokens are kept unsent */
    private readonly native: NativePushSender | null = null,
  ) {}

  vapidKey(): Result<{ publicKey: string }> {
    return ok({ publicKey: this.sender.publicKey });
  }

  /**
   * Registers the caller's device: a native app's push token (`uuid`), or a browser's Web Push subscription
   * at an allowed push service. A device of another customer is taken over only with the proof the
   * repository checks (the same token, or the same subscription); otherwise refused, nothing changed.
   */
  async register(
    userId: number,
    q: z.output<typeof pushRegisterQuerySchema>,
  ): Promise<Result<PushDeviceData>> {
    const native = isNativePushPlatform(q.platform);
    if (!native && !endpointAllowed(q.external_id ?? '', this.allowedEndpoints))
      return failWith(PUSH_TEXT.endpointRefused);
    const registeredAt = await this.repo.upsert(
      {
        userId,
        platform: q.platform,
        uuid: q.uuid,
        endpoint: native ? null : (q.external_id ?? null),
        p256dh: native ? null : (q.p256dh?.replace(/=+$/, '') ?? null),
        auth: native ? null : (q.auth?.replace(/=+$/, '') ?? null),
        externalId: native ? q.external_id || null : null,
        model: q.model || undefined,
        platformVersion: q.platform_version || undefined,
        manufacturer: q.manufacturer || undefined,
      },
      this.now(),
    );
    if (registeredAt === null) return failWith(PUSH_TEXT.deviceTaken);
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
  async queue(m: { notificationId: number; messageTypeId: number }, tx: Db): Promise<void> {
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
   * still want push messages: Web Push to a browser, the native sender to an app's token ('skipped' when the
   * shop has no native sender). Throws on a push service failure (the job is retried).
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
    let outcome: 'sent' | 'gone';
    if (isNativePushPlatform(d.platform)) {
      if (!this.native) return 'skipped';
      outcome = await this.native.send({ platform: d.platform, token: d.uuid }, payload);
    } else {
      if (!d.endpoint || !d.p256dh || !d.auth) return 'skipped';
      outcome = await this.sender.send(
        { endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth },
        JSON.stringify(payload),
      );
    }
    if (outcome === 'gone') await this.repo.removeExpired(d.deviceId, d.endpoint);
    return outcome;
  }

  /** Account erasure. */
  erase(userId: number): Promise<void> {
    return this.repo.deleteOf(userId);
  }
}
