import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may send a push (no SSRF): the endpoints of the browsers' push services, and the
 * origins a deployment lists in PUSH_ALLOWED_ORIGINS (tests, private deployments). Private and loopback
 * addresses are refused unless their origin is listed, at subscription and again at each send, on the
 * addresses the connection really uses (a name that resolves elsewhere later cannot reach inside).
 */
const PUSH_SERVICES: readonly { host: string; subdomains: boolean; service: string }[] = [
  { host: 'updates.push.services.mozilla.com', subdomains: false, service: 'Mozilla' },
  { host: 'fcm.googleapis.com', subdomains: false, service: 'Google' },
  { host: 'push.apple.com', subdomains: true, service: 'Apple' },
  { host: 'notify.windows.com', subdomains: true, service: 'Microsoft' },
];

const privateRanges = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  privateRanges.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) privateRanges.addSubnet(net, bits, 'ipv6');

/** A loopback, private, link-local (cloud metadata) or otherwise internal address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
    return privateRanges.check(address, 'ipv6');
  }
  return privateRanges.check(address, 'ipv4');
}

/** PUSH_ALLOWED_ORIGINS as origins (`https://push.example.com`, `http://127.0.0.1:8080`). */
export function parseAllowedOrigins(list: string): string[] {
  return list.split(',').map((o) => o.trim()).filter((o) => o.length > 0).map((o) => new URL(o).origin);
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Why the server refuses to send to this endpoint (a sentence for `detail`), or null when it may. */
export function refuseEndpoint(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL. Subscribe again from the browser.';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  const host = bareHost(url);
  if (isIP(host) !== 0) {
    return isPrivateAddress(host)
      ? `Push endpoints on private or loopback addresses (${host}) are refused; an operator can list the origin in PUSH_ALLOWED_ORIGINS.`
      : `Push endpoints must name a push service, not an address (${host}).`;
  }
  if (url.protocol !== 'https:') return 'A push endpoint must use https.';
  const known = PUSH_SERVICES.some((s) => host === s.host || (s.subdomains && host.endsWith(`.${s.host}`)));
  if (!known) {
    return `${host} is not a known push service (Mozilla, Google, Apple or Microsoft); use one of these browsers, or ask an operator to list the origin in PUSH_ALLOWED_ORIGINS.`;
  }
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection to `endpoint`: resolves the name and fails when any address it gives
 * is private (unless the endpoint's origin is listed), so the socket connects only where it was checked.
 */
export function guardedLookup(endpoint: string, allowedOrigins: readonly string[]) {
  const listed = allowedOrigins.includes(new URL(endpoint).origin);
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad && !listed) {
        const refused = Object.assign(new Error(`${hostname} resolves to the private address ${bad.address}; push refused`), { code: 'EPUSHPRIVATE' });
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
