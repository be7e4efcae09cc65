import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, DEMO_PASSWORD, login, type TestApp } from '../../../test/helper';
import { ensureGiftCertificateData } from './gift-certificates';
import { ensureNotificationsData } from './notifications';

/** The demo messages a newcomer finds in Mario Rossi's "Notifiche" (README), seeded once. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await ensureGiftCertificateData({ demoAccounts: true }, t.db);
  await ensureNotificationsData({ demoAccounts: true }, t.db);
  await ensureNotificationsData({ demoAccounts: true }, t.db); // a second start changes nothing
});
afterAll(() => t?.close());

type History = { notifications: Array<{ title: string; body: string; readAt: string | null }> };

describe('demo notifications', () => {
  it("Mario's two certificates issued, the newest unread", async () => {
    const mario = await login(t.app, 'mario.rossi@spesa.demo', DEMO_PASSWORD);
    const res = await callAs<History>(t.app, mario.cookie, 'GET', '/ebsn/api/notification/history');
    const list = res.body.data.notifications;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ title: 'Hai un nuovo buono', readAt: null });
    expect(list[0]!.body).toContain('MARIO-BUONO5');
    expect(list[1]!.body).toContain('MARIO-BENVENUTO3');
    expect(list[1]!.readAt).not.toBeNull();
  });
});
