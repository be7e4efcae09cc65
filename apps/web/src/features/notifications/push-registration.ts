import { PUSH_DEVICE_TAKEN_CODE, type PushRegisterQuery } from '@spesa/shared/contracts/notifications';
import { getAuthState } from '../../lib/auth-state';
import { ApiError } from '../../lib/http';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { getVapidKey, registerDevice } from './api/register-device';

/**
 * Push registration of the app build (spec section 4: "on success ... push registration starts"; decision
 * 055): after a sign-in, and at start for a signed-in customer, the service worker's Web Push subscription is
 * sent to `/externalregistration/register` with the device's own id (kept in local storage). The browser asks
 * for permission once, on the sign-in (a customer's own action); a refusal is final until they change it in
 * the browser. Whether messages are sent is the customer's contact preference "push" (profile).
 */
export function deviceId(): string {
  const known = readJson<string | null>(STORAGE_KEYS.deviceId, null);
  if (known) return known;
  return newDeviceId();
}

function newDeviceId(): string {
  const id = crypto.randomUUID();
  writeJson(STORAGE_KEYS.deviceId, id);
  return id;
}

/**
 * Registers the subscription under this browser's device id. The server refuses a device id another
 * customer registered with another subscription (only the same subscription proves it is this browser):
 * the browser then takes a new device id of its own and registers under it.
 */
async function registerThisDevice(device: Omit<PushRegisterQuery, 'uuid'>): Promise<void> {
  try {
    await registerDevice({ ...device, uuid: deviceId() });
  } catch (err) {
    if (!(err instanceof ApiError && err.response.errors.some((e) => e.code === PUSH_DEVICE_TAKEN_CODE)))
      throw err;
    await registerDevice({ ...device, uuid: newDeviceId() });
  }
}

const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** Subscribes (or reuses the subscription) and registers this device; false: not possible or refused. */
export async function registerForPush(askPermission: boolean): Promise<boolean> {
  if (!pushSupported()) return false;
  let permission = Notification.permission;
  if (permission === 'default' && askPermission) permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await getVapidKey(),
      }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
    await registerThisDevice({
      external_id: json.endpoint,
      platform: 'web',
      p256dh: json.keys.p256dh,
      auth: json.keys.auth,
      model: navigator.userAgent.slice(0, 100),
      manufacturer: navigator.vendor.slice(0, 100) || undefined,
    });
    return true;
  } catch {
    return false;
  }
}

/** Starts the registration after each sign-in and now when signed in already. */
export function startPushRegistration(): void {
  window.addEventListener('spesa:logged-in', () => void registerForPush(true));
  if (getAuthState().status === 'authenticated') void registerForPush(false);
}
