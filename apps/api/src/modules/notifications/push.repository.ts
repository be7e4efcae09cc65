import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/** A device to register (`/externalregistration/register`). */
export interface NewPushDevice {
  userId: number;
  platform: string;
  uuid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  model?: string | undefined;
  platformVersion?: string | undefined;
  manufacturer?: string | undefined;
}

/** A device as the sender needs it. */
export interface PushDeviceRow {
  deviceId: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

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
   * Registers a device, or replaces the subscription (and owner: another customer signed in on it) of the
   * device with this platform and uuid. Answers the registration time.
   */
  async upsert(d: NewPushDevice, at: Date): Promise<string> {
    const [row] = await queryRows<{ registeredAt: string }>(
      this.db,
      sql`INSERT INTO push_devices (user_id, platform, uuid, endpoint, p256dh, auth, model, platform_version,
            manufacturer, registered_at)
          VALUES (${d.userId}, ${d.platform}, ${d.uuid}, ${d.endpoint}, ${d.p256dh}, ${d.auth},
            ${d.model ?? null}, ${d.platformVersion ?? null}, ${d.manufacturer ?? null}, ${at.toISOString()}::timestamptz)
          ON CONFLICT (platform, uuid) DO UPDATE SET user_id = EXCLUDED.user_id, endpoint = EXCLUDED.endpoint,
            p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, model = EXCLUDED.model,
            platform_version = EXCLUDED.platform_version, manufacturer = EXCLUDED.manufacturer,
            registered_at = EXCLUDED.registered_at
          RETURNING to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "registeredAt"`,
    );
    if (!row) throw new Error('push device not stored');
    return row.registeredAt;
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
      sql`SELECT device_id::int AS "deviceId", user_id AS "userId", endpoint, p256dh, auth
          FROM push_devices WHERE user_id = ${userId} ORDER BY device_id`,
    );
  }

  async device(deviceId: number): Promise<PushDeviceRow | null> {
    const [row] = await queryRows<PushDeviceRow>(
      this.db,
      sql`SELECT device_id::int AS "deviceId", user_id AS "userId", endpoint, p256dh, auth
          FROM push_devices WHERE device_id = ${deviceId}`,
    );
    return row ?? null;
  }

  /**
   * The push service said the subscription is gone (404/410): the device goes, unless it registered a new
   * subscription meanwhile (another endpoint).
   */
  async removeExpired(deviceId: number, endpoint: string): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM push_devices WHERE device_id = ${deviceId} AND endpoint = ${endpoint}`,
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
