import { PUSH_DEVICE_TAKEN_CODE, type PushRegisterQuery } from '@spesa/shared/contracts/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { STORAGE_KEYS } from '../../lib/storage';
import { registerDevice } from './api/register-device';
import { registerForPush } from './push-registration';

vi.mock('./api/register-device', () => ({
  registerDevice: vi.fn(),
  getVapidKey: vi.fn(() => Promise.resolve('key')),
}));

const registered = vi.mocked(registerDevice);

/** A browser that lets the shop push: permission granted, a service worker with a subscription. */
beforeEach(() => {
  localStorage.clear();
  registered.mockReset();
  const subscription = {
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const taken = () =>
  new ApiError(
    {
      response: {
        status: 1,
        errors: [
          {
            code: PUSH_DEVICE_TAKEN_CODE,
            error: 'Questo dispositivo riceve già le notifiche di un altro account.',
          },
        ],
        infos: [],
        warnings: [],
        errorsMessage: ['Questo dispositivo riceve già le notifiche di un altro account.'],
        infosMessage: [],
        warningsMessage: [],
      },
      user: { userId: 7, login: null, profileConfirmed: true },
      data: null,
    },
    200,
  );

describe('registerForPush', () => {
  it('sends the subscription under this browser’s device id, the same at every start', async () => {
    registered.mockResolvedValue({ platform: 'web', uuid: 'x', registeredAt: '2026-11-29T10:00:00.000Z' });
    expect(await registerForPush(false)).toBe(true);
    expect(await registerForPush(false)).toBe(true);
    const [first, second] = registered.mock.calls.map(([q]) => q);
    expect(first).toMatchObject({ platform: 'web', external_id: 'https://fcm.googleapis.com/fcm/send/abc' });
    expect(second?.uuid).toBe(first?.uuid);
  });

  it('a device id another customer registered with another subscription: registers under a new id of its own', async () => {
    localStorage.setItem(STORAGE_KEYS.deviceId, JSON.stringify('11111111-2222-3333-4444-555555555555'));
    registered
      .mockRejectedValueOnce(taken())
      .mockResolvedValueOnce({ platform: 'web', uuid: 'x', registeredAt: '2026-11-29T10:00:00.000Z' });
    expect(await registerForPush(false)).toBe(true);
    const uuids = registered.mock.calls.map(([q]: [PushRegisterQuery]) => q.uuid);
    expect(uuids).toHaveLength(2);
    expect(uuids[0]).toBe('11111111-2222-3333-4444-555555555555');
    expect(uuids[1]).not.toBe(uuids[0]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceId) ?? 'null')).toBe(uuids[1]);
  });
});
