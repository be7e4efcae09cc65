import type { PushRegisterQuery } from '@spesa/shared/contracts/notifications';
import { callApi } from '../../../lib/http';

/** GET /externalregistration/vapid-key: the shop's key a browser subscribes with. */
export const getVapidKey = () =>
  callApi('GET /externalregistration/vapid-key', {}, { quiet: true }).then((d) => d.publicKey);

/** GET /externalregistration/register: this device receives the customer's push messages. */
export const registerDevice = (query: PushRegisterQuery) =>
  callApi('GET /externalregistration/register', { query }, { quiet: true });

/** GET /externalregistration/unregister: this device stops receiving them. */
export const unregisterDevice = (uuid: string) =>
  callApi('GET /externalregistration/unregister', { query: { platform: 'web', uuid } }, { quiet: true });
