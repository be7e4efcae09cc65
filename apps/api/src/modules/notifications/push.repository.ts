import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { PushPlatform } from '@spesa/shared/contracts/notifications';
import { wireTimestamp } from '../../db/wire-time';

/**
 * A device to register (`/externalregistration/register`): a browser's Web Push subscription (endpoint and
 * keys), or a native app's token (`uuid`) with the app's own id (`externalId`).
 */
export interface NewPushDevice {
  userId: number;
  platform: PushPlatform;
  uuid: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  externalId: string | null;
  model?: string | undefined;
  platformVersion?: string | undefined;
  manufacturer?: string | undefined;
}

/** A device as the senders need it: Web Push's endpoint and keys (null for a native app, whose token is uuid). */
export interface PushDeviceRow {
  deviceId: number;
  userId: number;
  platform: PushPlatform;
  uuid: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

const DEVICE_COLUMNS = sql`device_id::int AS "deviceId", user_id AS "userId", platform, uuid, endpoint, p256dh, auth`;

/** A message of the history as a push carries it. */
export interface PushMessageRow {
  notificationId: number;
  userId: number;
  messageTypeId: number;
  title: string;
  body: string;
  orderId: number | null;
}

/** SQL of the customer's devices (table push_devices, decision 055), owned by the notifications module. */
export class PushRepository {
  constructor(private readonly db: Db) {}

  /**
   * Registers a device, or replaces the registration of the device with this platform and uuid. Another
   * customer's device moves to this customer only with proof that the caller holds it: a native app's uuid is
   * its push token itself; a browser's must come with the same subscription endpoint (a shared browser where
   * another customer signed in). The guard is in the statement, so two registrations cannot race past it.
   * Answers the registration time, or null: the device is another customer's and the proof is missing.
   */
  async upsert(d: NewPushDevice, at: Date): Promise<string | null> {
    const [row] = await queryRows<{ registeredAt: string }>(
      this.db,
      sql`INSERT INTO push_devices (user_id, platform, uuid, endpoint, p256dh, auth, external_id, model,
            platform_version, manufacturer, registered_at)
          VALUES (${d.userId}, ${d.platform}, ${d.uuid}, ${d.endpoint}, ${d.p256dh}, ${d.auth}, ${d.externalId},
            ${d.model ?? null}, ${d.platformVersion ?? null}, ${d.manufacturer ?? null}, ${at.toISOString()}::timestamptz)
          ON CONFLICT (platform, uuid) DO UPDATE SET user_id = EXCLUDED.user_id, endpoint = EXCLUDED.endpoint,
            p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, external_id = EXCLUDED.external_id,
            model = EXCLUDED.model, platform_version = EXCLUDED.platform_version,
            manufacturer = EXCLUDED.manufacturer, registered_at = EXCLUDED.registered_at
          WHERE push_devices.user_id = EXCLUDED.user_id OR push_devices.platform <> 'web'
            OR push_devices.endpoint = EXCLUDED.endpoint
          RETURNING ${wireTimestamp('registered_at', 'milliseconds')} AS "registeredAt"`,
    );
    return row?.registeredAt ?? null;
  }

  /** Removes the customer's own device; false: no such device of theirs. */
  async remove(userId: number, platform: string, uuid: string): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`DELETE FROM push_devices WHERE user_id = ${userId} AND platform = ${platform} AND uuid = ${uuid}
          RETURNING device_id::int AS id`,
    );
    return rows.length > 0;
  }

  /** The customer's devices (ids in device order). */
  async devicesOf(userId: number): Promise<PushDeviceRow[]> {
    return queryRows<PushDeviceRow>(
      this.db,
      sql`SELECT ${DEVICE_COLUMNS} FROM push_devices WHERE user_id = ${userId} ORDER BY device_id`,
    );
  }

  async device(deviceId: number): Promise<PushDeviceRow | null> {
    const [row] = await queryRows<PushDeviceRow>(
      this.db,
      sql`SELECT ${DEVICE_COLUMNS} FROM push_devices WHERE device_id = ${deviceId}`,
    );
    return row ?? null;
  }

  /**
   * The push service said the subscription or token is gone: the device goes, unless it registered a new
   * subscription meanwhile (another endpoint; a native app's new token is another device row).
   */
  async removeExpired(deviceId: number, endpoint: string | null): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM push_devices WHERE device_id = ${deviceId} AND endpoint IS NOT DISTINCT FROM ${endpoint}`,
    );
  }

  async message(notificationId: number): Promise<PushMessageRow | null> {
    const [row] = await queryRows<PushMessageRow>(
      this.db,
      sql`SELECT notification_id::int AS "notificationId", user_id AS "userId",
            message_type_id::int AS "messageTypeId", title, body, order_id AS "orderId"
          FROM notifications WHERE notification_id = ${notificationId}`,
    );
    return row ?? null;
  }

  /** Account erasure: the customer's devices go with it. */
  async deleteOf(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM push_devices WHERE user_id = ${userId}`);
  }
}
