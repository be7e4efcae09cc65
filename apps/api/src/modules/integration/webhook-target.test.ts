import { describe, expect, it } from 'vitest';
import { loadEnv, webhookTargetPolicy, type Env } from '../../env';
import { checkWebhookUrl, guardedLookup, isPublicAddress, WEBHOOK_TARGET_TEXT } from './webhook-target';

/** Where a webhook may go (decision 099): the addresses and URLs a server-side request must not reach. */
const closed = { allowPrivate: false, httpsOnly: false };
const production = { allowPrivate: false, httpsOnly: true };

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false, 'loopback'],
    ['127.10.0.5', false, 'loopback, not only .1'],
    ['10.0.0.8', false, 'private'],
    ['172.16.3.4', false, 'private'],
    ['192.168.1.1', false, 'private'],
    ['169.254.169.254', false, 'link-local: the cloud metadata service'],
    ['100.100.100.200', false, 'CGNAT: Alibaba metadata'],
    ['100.64.0.1', false, 'CGNAT'],
    ['224.0.0.1', false, 'multicast'],
    ['255.255.255.255', false, 'broadcast'],
    ['0.0.0.0', false, 'unspecified'],
    ['192.0.2.10', false, 'documentation (reserved)'],
    ['::1', false, 'IPv6 loopback'],
    ['::', false, 'IPv6 unspecified'],
    ['fe80::1', false, 'IPv6 link-local'],
    ['fd00:ec2::254', false, 'IPv6 unique-local: AWS metadata'],
    ['ff02::1', false, 'IPv6 multicast'],
    ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', false, 'IPv4-mapped metadata'],
    ['64:ff9b::a9fe:a9fe', false, 'NAT64 of 169.254.169.254'],
    ['2002:7f00:1::', false, '6to4 of 127.0.0.1'],
    ['not an address', false, 'not an address'],
    ['93.184.216.34', true, 'public IPv4'],
    ['::ffff:93.184.216.34', true, 'IPv4-mapped public'],
    ['2606:4700:4700::1111', true, 'public IPv6'],
  ])('%s → %s (%s)', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', WEBHOOK_TARGET_TEXT.internal],
    ['http://2130706433/hook', WEBHOOK_TARGET_TEXT.internal], // 127.0.0.1 written as a number
    ['http://0x7f.1/hook', WEBHOOK_TARGET_TEXT.internal],
    ['http://[::1]/hook', WEBHOOK_TARGET_TEXT.internal],
    ['http://[::ffff:7f00:1]/hook', WEBHOOK_TARGET_TEXT.internal],
    ['http://169.254.169.254/latest/meta-data/', WEBHOOK_TARGET_TEXT.internal],
    ['http://[fd00:ec2::254]/', WEBHOOK_TARGET_TEXT.internal],
    ['http://localhost:3000/', WEBHOOK_TARGET_TEXT.internal],
    ['http://api.localhost/', WEBHOOK_TARGET_TEXT.internal],
    ['http://metadata.google.internal/computeMetadata/v1/', WEBHOOK_TARGET_TEXT.internal],
    ['ftp://erp.example.com/hook', WEBHOOK_TARGET_TEXT.scheme],
    ['file:///etc/passwd', WEBHOOK_TARGET_TEXT.scheme],
    ['gopher://erp.example.com/', WEBHOOK_TARGET_TEXT.scheme],
    ['https://user:pass@erp.example.com/hook', WEBHOOK_TARGET_TEXT.credentials],
    ['https://token@erp.example.com/hook', WEBHOOK_TARGET_TEXT.credentials],
    ['not a url', WEBHOOK_TARGET_TEXT.badUrl],
  ])('%s is refused', (url, message) => {
    const checked = checkWebhookUrl(url, closed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toBe(message.text);
  });

  it('takes a public name or address; plain http only outside production', () => {
    expect(checkWebhookUrl('https://erp.example.com/spesa/hook', production).ok).toBe(true);
    expect(checkWebhookUrl('https://93.184.216.34/hook', production).ok).toBe(true);
    expect(checkWebhookUrl('http://erp.example.com/hook', closed).ok).toBe(true);
    const plain = checkWebhookUrl('http://erp.example.com/hook', production);
    expect(plain.ok ? null : plain.message).toBe(WEBHOOK_TARGET_TEXT.httpsOnly.text);
  });

  it('allows this machine when told (the demo, tests with a local receiver), never credentials or ftp', () => {
    const open = { allowPrivate: true, httpsOnly: false };
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', open).ok).toBe(true);
    expect(checkWebhookUrl('http://u:p@127.0.0.1/hook', open).ok).toBe(false);
    expect(checkWebhookUrl('ftp://127.0.0.1/hook', open).ok).toBe(false);
  });
});

describe('the policy from the environment', () => {
  const env = (vars: Partial<Env>): Env => ({ ...loadEnv({}), ...vars });
  it('is closed and https-only in production unless told, open elsewhere', () => {
    expect(webhookTargetPolicy(env({ NODE_ENV: 'production' }))).toEqual({
      allowPrivate: false,
      httpsOnly: true,
    });
    expect(webhookTargetPolicy(env({ NODE_ENV: 'development' }))).toEqual({
      allowPrivate: true,
      httpsOnly: false,
    });
    expect(
      webhookTargetPolicy(env({ NODE_ENV: 'test', INTEGRATION_WEBHOOK_ALLOW_PRIVATE: 'false' })).allowPrivate,
    ).toBe(false);
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, allowPrivate: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup({ allowPrivate, httpsOnly: false })(host, {}, (err, address) =>
        resolve({ err, address }),
      ),
    );

  it('refuses a name that resolves to an internal address when it is connected to (DNS rebinding)', async () => {
    const refused = await lookup('localhost', false);
    expect(refused.err?.code).toBe('EWEBHOOKINTERNAL');
    const allowed = await lookup('localhost', true);
    expect(allowed.err).toBeNull();
    expect(typeof allowed.address).toBe('string');
  });
});
