import type { FastifyInstance } from 'fastify';
import { storedSecret } from '../../lib/app-secrets';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import { NotificationsRepository } from './notifications.repository';
import notificationsRoutes from './notifications.routes';
import { NotificationService } from './notifications.service';
import { PushRepository } from './push.repository';
import pushRoutes from './push.routes';
import { fcmSenderFromFile } from './push.fcm-sender';
import { WebPushSender, type NativePushSender, type PushSender } from './push.sender';
import { PUSH_DEVICE_JOB, PUSH_FAN_OUT_JOB, PushService } from './push.service';

export interface NotificationsModuleDeps extends ModuleCore {
  /** whether the customer wants push messages (the account module's repository) */
  accounts: { findUserById(userId: number): Promise<{ contactPush: boolean } | null> };
  /** sends push messages (default: Web Push with the stored VAPID key) */
  pushSender: PushSender | undefined;
  /** sends the native apps' push messages (default: FCM when PUSH_FCM_CREDENTIALS_FILE is set, else none) */
  nativePushSender: NativePushSender | undefined;
}

/**
 * The customer's messages (decision 048): the one writer of the history, reached by the other modules' events;
 * push notifications (decision 055): the customer's devices, the history's messages sent to them by jobs.
 */
export async function notificationsModule(app: FastifyInstance, d: NotificationsModuleDeps) {
  const { db, env, now, jobs, accounts } = d;
  const push = new PushService(
    new PushRepository(db),
    d.pushSender ??
      new WebPushSender(
        env.PUSH_VAPID_PRIVATE_KEY ?? (await storedSecret('push-vapid', db)),
        env.PUSH_VAPID_SUBJECT,
      ),
    { wantsPush: async (userId) => (await accounts.findUserById(userId))?.contactPush === true },
    (kind, payload, tx) => jobs.enqueue(kind, payload, tx ? { db: tx } : {}),
    env.PUSH_ENDPOINTS,
    now,
    d.nativePushSender ??
      (env.PUSH_FCM_CREDENTIALS_FILE
        ? await fcmSenderFromFile(env.PUSH_FCM_CREDENTIALS_FILE, env.PUSH_FCM_API_URL)
        : null),
  );
  app.decorate('push', push);
  jobs.register(PUSH_FAN_OUT_JOB, async (payload) => {
    await push.fanOut((payload as { notificationId: number }).notificationId);
  });
  jobs.register(PUSH_DEVICE_JOB, async (payload) => {
    const p = payload as { notificationId: number; deviceId: number };
    await push.deliver(p.notificationId, p.deviceId);
  });
  const notifications = new NotificationService(new NotificationsRepository(db), now, (m, tx) =>
    push.queue(m, tx),
  );
  app.decorate('notifications', notifications);
  return {
    push,
    notifications,
    eraseCustomer: async (userId: number) => {
      await push.erase(userId);
      await notifications.erase(userId);
    },
    routes: (async (api) => {
      await api.register(notificationsRoutes, { notifications });
      await api.register(pushRoutes, { push });
    }) satisfies RouteRegistrar,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the customer's messages; `receiptAvailable(tx, ...)` is the receipts module's port (decision 048) */
    notifications: NotificationService;
    push: PushService;
  }
}
