import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../kernel/bulk-write';
import { createTestDatabase, type TestDatabase } from '../testing';
import { databaseUrl, embeddedServerUrl, socketDirFor } from './embedded';
import { createOrm } from './orm';

describe("the embedded server's Unix socket (decision 27)", () => {
  it('lives in the data directory when its path fits in a socket address', () => {
    expect(socketDirFor('/work/main/.data/pg', 5433)).toBe('/work/main/.data/pg');
    const deep = `/${'d'.repeat(93)}`; // + '/.s.PGSQL.5433' = 108 bytes, one over
    expect(socketDirFor(deep, 5433)).toBeNull();
    expect(socketDirFor(deep.slice(0, -1), 5433)).toBe(deep.slice(0, -1));
  });

  it('is not used where the directory would need quoting in the server command line', () => {
    for (const dir of ["/tmp/it's", '/tmp/a b', '/tmp/a,b', '/tmp/a"b', '/tmp/a\\b']) expect(socketDirFor(dir, 5433)).toBeNull();
  });

  it('is named in the URL as node-postgres and MikroORM both read it: the directory as the host, the port for the file', () => {
    const url = databaseUrl(embeddedServerUrl(5433, '/tmp/brood-pg'), 'broodspace');
    const client = new pg.Client({ connectionString: url }); // not connected: what it would connect to
    expect([client.host, client.port, client.database, client.user]).toEqual(['/tmp/brood-pg', 5433, 'broodspace', 'postgres']);
    const parsed = new URL(url); // MikroORM's Connection.getConnectionOptions
    expect([decodeURIComponent(parsed.hostname), parsed.port, parsed.pathname]).toEqual(['/tmp/brood-pg', '5433', '/broodspace']);
    const tcp = new pg.Client({ connectionString: embeddedServerUrl(5433) });
    expect([tcp.host, tcp.port]).toEqual(['127.0.0.1', 5433]);
  });

  describe('on a real server', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.stop();
    });

    it('serves the game through the socket: a MikroORM connection that is not TCP', async () => {
      const [server] = await sqlRows<{ dir: string; port: string }>(db.orm.em.fork(), `select current_setting('unix_socket_directories') as dir, current_setting('port') as port`);
      expect(server!.dir).not.toBe('');
      const orm = await createOrm(databaseUrl(embeddedServerUrl(Number(server!.port), server!.dir), db.name), { poolMax: 1 });
      try {
        const [row] = await sqlRows<{ addr: string | null; db: string }>(orm.em.fork(), 'select inet_client_addr() as addr, current_database() as db');
        expect(row).toEqual({ addr: null, db: db.name }); // no client address: a Unix socket
      } finally {
        await orm.close();
      }
    });
  });
});
