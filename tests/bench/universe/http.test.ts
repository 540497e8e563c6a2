import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './http';

/**
 * A server counting the connections it accepted and the requests each carried, answering every
 * request 200 with one call's tRPC envelope.
 */
async function countingServer(keepAliveTimeout: number): Promise<{ server: Server; url: string; connections: () => number; requestsPerConnection: () => number[] }> {
  let connections = 0;
  const perSocket = new Map<unknown, number>();
  const server = createServer((req, res) => {
    perSocket.set(req.socket, (perSocket.get(req.socket) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ result: { data: { json: 'ok' } } }]));
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, requestsPerConnection: () => [...perSocket.values()] };
}

describe("the universe bench's HTTP client", () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

  it('reuses a keep-alive connection while it is fresh, and replaces one it left idle too long instead of racing the server closing it', async () => {
    const { server, url, connections } = await countingServer(60_000);
    const client = await Client.open(url, 1, 200);
    close = () => {
      client.close();
      server.close();
    };
    const ask = async () => (await client.trpc('token', [{ path: 'users.me' }], false, performance.now(), true)).results;
    expect(await ask()).toEqual([{ data: 'ok' }]);
    expect(await ask()).toEqual([{ data: 'ok' }]);
    expect(connections()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await ask()).toEqual([{ data: 'ok' }]);
    expect(connections()).toBe(2);
  });

  it('sends each request on the connection idle longest, so that requests one after another go round them all', async () => {
    const { server, url, requestsPerConnection } = await countingServer(60_000);
    const client = await Client.open(url, 4);
    close = () => {
      client.close();
      server.close();
    };
    for (let i = 0; i < 12; i++) expect((await client.trpc('token', [{ path: 'users.me' }], false, performance.now())).status).toBe(200);
    expect(requestsPerConnection()).toEqual([3, 3, 3, 3]);
  });

  it('says how a request that got no answer ended: the connection, and what it had done before', async () => {
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      if (requests === 2) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ result: { data: { json: 'ok' } } }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = await Client.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 1);
    close = () => {
      client.close();
      server.close();
    };
    const ask = () => client.trpc('token', [{ path: 'users.me' }], false, performance.now());
    expect((await ask()).status).toBe(200);
    const failed = await ask();
    expect(failed.status).toBeNull();
    expect(failed.failure).toMatch(/^the connection closed before an answer.*, after 1 answers on it, \d+ ms idle before this request, [\d.]+ s after it opened$/);
  });

  it('sends nothing more on a connection whose answer said Connection: close, as a browser does', async () => {
    let connections = 0;
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json', ...(requests === 1 ? { connection: 'close' } : {}) });
      res.end(JSON.stringify([{ result: { data: { json: 'ok' } } }]));
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = await Client.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 1);
    close = () => {
      client.close();
      server.close();
    };
    // Both at once: the second waits for the one connection, which the first answer closes.
    const [first, second] = await Promise.all([0, 1].map(() => client.trpc('token', [{ path: 'users.me' }], false, performance.now())));
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(connections).toBe(2);
    expect(client.closedByServer).toBe(1);
    expect([...client.closedBy]).toEqual([['200 GET /trpc/users.me', 1]]);
  });

  it('names an answer that came to no request and closed its connection', async () => {
    const server = createNetServer((socket) => socket.end('HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = await Client.open(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 1);
    close = () => {
      client.close();
      server.close();
    };
    await expect.poll(() => client.closedByServer).toBe(1);
    expect([...client.closedBy]).toEqual([['408 (to no request, on a connection never used)', 1]]);
  });
});
