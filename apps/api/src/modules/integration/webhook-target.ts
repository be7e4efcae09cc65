import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { failWith, ok, type Message, type Result } from '../../lib/result';

/**
 * Where a webhook may be sent (decision 099): the URL is an administrator's choice, but the request leaves
 * from the server, so a URL must not reach the shop's own network (server-side request forgery). Refused, at
 * registration and again for every delivery after DNS resolution: loopback, private, link-local (the cloud
 * metadata service 169.254.169.254 among them), carrier-grade NAT (100.64.0.0/10, Alibaba's metadata),
 * multicast, broadcast, unspecified, reserved and documentation addresses, IPv6 unique-local and the
 * translation prefixes that embed an IPv4 address (IPv4-mapped addresses are judged as the IPv4 they carry);
 * only a public unicast address passes (ipaddr.js's `range()`, the classifier Fastify's proxy-addr uses).
 * Also refused: schemes other than http(s), a user or password in the URL, and plain http in production.
 * `allowPrivate` (INTEGRATION_WEBHOOK_ALLOW_PRIVATE, on outside production) lets the demo and the tests use
 * a receiver on this machine.
 */
export interface WebhookTargetPolicy {
  allowPrivate: boolean;
  httpsOnly: boolean;
}

export const WEBHOOK_TARGET_TEXT = {
  badUrl: { code: 'msg.integration.webhookUrl', text: "L'indirizzo del webhook non è un URL valido." },
  scheme: {
    code: 'msg.integration.webhookScheme',
    text: "L'indirizzo del webhook deve iniziare con https:// (o http:// fuori produzione).",
  },
  httpsOnly: {
    code: 'msg.integration.webhookHttps',
    text: "In produzione l'indirizzo del webhook deve usare https://.",
  },
  credentials: {
    code: 'msg.integration.webhookCredentials',
    text: "L'indirizzo del webhook non può contenere nome utente o password: il sistema riceve la firma Spesa-Signature.",
  },
  internal: {
    code: 'msg.integration.webhookInternal',
    text: "L'indirizzo del webhook porta a una rete interna (locale, privata, link-local o dei metadati cloud): usa un indirizzo pubblico.",
  },
} as const;

const INTERNAL_NAMES = /^(localhost|metadata|metadata\.google\.internal)$|\.(localhost|internal|local)$/i;

/** true when the address (IPv4 or IPv6 text) is one a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL's checks that need no DNS: scheme, credentials, https in production, a literal address or name. */
export function checkWebhookUrl(text: string, policy: WebhookTargetPolicy): Result<{ url: URL }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return failWith(WEBHOOK_TARGET_TEXT.badUrl, 'validation');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(WEBHOOK_TARGET_TEXT.scheme);
  if (url.username !== '' || url.password !== '') return refuse(WEBHOOK_TARGET_TEXT.credentials);
  if (policy.httpsOnly && url.protocol !== 'https:') return refuse(WEBHOOK_TARGET_TEXT.httpsOnly);
  if (policy.allowPrivate) return ok({ url });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) ? !isPublicAddress(host) : INTERNAL_NAMES.test(host.replace(/\.$/, '')))
    return refuse(WEBHOOK_TARGET_TEXT.internal);
  return ok({ url });
}

const refuse = (m: Message) => failWith(m, 'validation');

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the name as usual and refuses the connection when any address
 * it answers is not public: the check is made on the very addresses the socket connects to, so a name that
 * resolves to a public address at registration and to 127.0.0.1 at delivery (DNS rebinding) is refused.
 */
export function guardedLookup(policy: WebhookTargetPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const internal = list.find((a) => !isPublicAddress(a.address));
      if (!policy.allowPrivate && (internal || list.length === 0)) {
        const refused = new Error(
          `indirizzo interno rifiutato (${internal?.address ?? hostname})`,
        ) as NodeJS.ErrnoException;
        refused.code = 'EWEBHOOKINTERNAL';
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
