import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('system endpoints', () => {
  it('answers the interface language', async () => {
    const { body } = await getJson(t.app, '/ebsn/api/lang/lang-info?lang_info_name=labels');
    expect(body.data).toEqual({ lang: 'it', fallback: 'it', labels: {} });
  });

  it('answers the version in the envelope under /ebsn/api and plain at /version.json', async () => {
    const api = await getJson<{ version: string; build: string }>(t.app, '/ebsn/api/version.json');
    expect(api.body.data.version).toBe('1.47.1');
    expect(api.body.data.build).toMatch(/^([0-9a-f]{12}|dev)$/);
    const root = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(JSON.parse(root.body)).toEqual(api.body.data);
    expect(root.headers['cache-control']).toBe('no-cache');
  });
});
