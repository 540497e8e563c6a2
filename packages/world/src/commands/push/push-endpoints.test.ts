import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, parseAllowedOrigins, refuseEndpoint } from './push-endpoints';

const lookup = (endpoint: string, allowed: string[], host: string) =>
  new Promise<string>((resolve, reject) => guardedLookup(endpoint, allowed)(host, {}, (err, address) => (err ? reject(err) : resolve(address as string))));

describe('push endpoints', () => {
  it('takes the four push services and refuses every other host with a sentence', () => {
    for (const ok of ['https://updates.push.services.mozilla.com/wpush/v2/a', 'https://fcm.googleapis.com/fcm/send/a', 'https://web.push.apple.com/a', 'https://db5p.notify.windows.com/w/?token=a']) {
      expect(refuseEndpoint(ok, []), ok).toBeNull();
    }
    expect(refuseEndpoint('https://fcm.googleapis.com.evil.test/a', [])).toMatch(/not a known push service/);
    expect(refuseEndpoint('https://push.apple.com.evil.test/a', [])).toMatch(/not a known push service/);
    expect(refuseEndpoint('https://[::1]/a', [])).toMatch(/private or loopback/);
    expect(refuseEndpoint('https://10.0.0.5/a', [])).toMatch(/private or loopback/);
    expect(refuseEndpoint('not a url', [])).toMatch(/not a URL/);
  });

  it('takes a listed origin, plain http and loopback included, and only that origin', () => {
    const allowed = parseAllowedOrigins(' http://127.0.0.1:8080 , https://push.internal.test/ignored-path');
    expect(allowed).toEqual(['http://127.0.0.1:8080', 'https://push.internal.test']);
    expect(refuseEndpoint('http://127.0.0.1:8080/p', allowed)).toBeNull();
    expect(refuseEndpoint('https://push.internal.test/p', allowed)).toBeNull();
    expect(refuseEndpoint('http://127.0.0.1:8081/p', allowed)).toMatch(/private or loopback/);
  });

  it('knows the internal addresses, IPv4-mapped IPv6 included', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '142.250.74.202', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses at connection time a name that resolves to an internal address (DNS rebinding), unless its origin is listed', async () => {
    await expect(lookup('https://fcm.googleapis.com/x', [], 'localhost')).rejects.toMatchObject({ code: 'EPUSHPRIVATE' });
    await expect(lookup('http://localhost:8080/x', ['http://localhost:8080'], 'localhost')).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
