import { describe, expect, it } from 'vitest';
import { loadEnv, publicUrlOf } from './env';
import { readyMessage } from './ready-message';

/** The start log's address is the one the sign-in providers send the browser back to (decision 071). */
describe('the start log', () => {
  it('prints http://localhost:PORT, the social sign-in’s return origin, when the shop listens on this machine', () => {
    const env = loadEnv({ PORT: '8080' });
    const first = readyMessage(env, performance.now()).split('\n')[0];
    expect(first).toMatch(/^Spesa is ready in \d+ ms: http:\/\/localhost:8080$/);
    expect(first).not.toContain('127.0.0.1');
    expect(publicUrlOf(env)).toBe('http://localhost:8080');
    expect(readyMessage(env, 0)).toContain('back office: http://localhost:8080/admin');
  });

  it('prints PUBLIC_URL when set, and a host of the network as it is', () => {
    expect(readyMessage(loadEnv({ PUBLIC_URL: 'https://spesa.example.it/' }), 0).split('\n')[0]).toMatch(
      /: https:\/\/spesa\.example\.it$/,
    );
    expect(publicUrlOf(loadEnv({ HOST: '0.0.0.0', PORT: '9000' }))).toBe('http://localhost:9000');
    expect(publicUrlOf(loadEnv({ HOST: '192.168.1.20', PORT: '9000' }))).toBe('http://192.168.1.20:9000');
  });

  it('says who takes the payments, and that a demonstration shop takes no real one (decision 084)', () => {
    const fresh = readyMessage(loadEnv({}), 0);
    expect(fresh).toContain(
      'payments: the sandbox provider (test cards only), key generated for this database',
    );
    expect(fresh).toContain('a demonstration shop (DEMO_SHOP)');
    const offline = readyMessage(loadEnv({ ONLINE_PAYMENTS: 'off' }), 0);
    expect(offline).toContain('payments: on delivery only (ONLINE_PAYMENTS=off)');
    expect(offline).not.toContain('demonstration shop');
  });
});
