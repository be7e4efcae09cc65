import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

/** Safe defaults of `npm start` and the settings a shop refuses to start without. */
describe('configuration', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('draws the stores on a plain plot unless a tile server with {z}/{x}/{y} is configured', () => {
    expect(loadEnv({}).MAP_TILES_URL).toBeUndefined();
    expect(loadEnv({}).MAP_TILES_ATTRIBUTION).toBe('© Contributori di OpenStreetMap');
    expect(loadEnv({ MAP_TILES_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).MAP_TILES_URL).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    expect(() => loadEnv({ MAP_TILES_URL: 'https://tile.openstreetmap.org/tiles.png' })).toThrow(
      /MAP_TILES_URL: a tile address names \{z\}, \{x\} and \{y\}/,
    );
    expect(() => loadEnv({ MAP_TILES_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILES_URL/,
    );
  });

  it('runs one process by default; several need PostgreSQL', () => {
    expect(loadEnv({}).WORKERS).toBe(1);
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(/WORKERS: several processes need PostgreSQL/);
    expect(loadEnv({ WORKERS: '2', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/spesa' }).WORKERS).toBe(2);
  });

  it('has no payment key of its own: outside production the key is generated, in production it is required', () => {
    expect(loadEnv({}).PAYMENT_SANDBOX_SECRET).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadEnv({ PAYMENT_SANDBOX: 'off' })).toThrow(/no payment provider is configured/);
  });

  it('takes a sandbox payment key of 32 characters or more, and says so when one is shorter', () => {
    expect(() => loadEnv({ PAYMENT_SANDBOX_SECRET: 'x'.repeat(20) })).toThrow(
      /PAYMENT_SANDBOX_SECRET: the sandbox payment secret must have 32 characters or more/,
    );
    expect(loadEnv({ PAYMENT_SANDBOX_SECRET: 'x'.repeat(32) }).PAYMENT_SANDBOX_SECRET).toHaveLength(32);
  });

  it("keeps the key of the staff's authenticator secrets outside the database in production", () => {
    expect(loadEnv({}).STAFF_TOTP_KEY).toBeUndefined();
    const production = {
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_SECRET: 'x'.repeat(32),
    };
    expect(() => loadEnv(production)).toThrow(/STAFF_TOTP_KEY/);
    expect(() => loadEnv({ ...production, STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
    expect(loadEnv({ ...production, STAFF_TOTP_KEY: 'k'.repeat(32) }).NODE_ENV).toBe('production');
  });
});
