import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { precompressDir } from '../../apps/web/build/precompress';

/** Compressed and cached delivery: the built app's files and the JSON answers. */
let api: TestApi;
let player: TestPlayer;
let web: string;
const script = `console.log(${JSON.stringify('brood '.repeat(2000))});\n`;

beforeAll(async () => {
  // A built app as Vite lays it out, pre-compressed by the same step the build runs.
  web = await mkdtemp(join(tmpdir(), 'brood-web-'));
  await mkdir(join(web, 'assets'));
  await writeFile(join(web, 'index.html'), `<!doctype html><html><body><div id="root"></div><script src="/assets/index-Bq3xZ_9k.js"></script>${'<!-- pad -->'.repeat(200)}</body></html>`);
  await writeFile(join(web, 'assets', 'index-Bq3xZ_9k.js'), script);
  await writeFile(join(web, 'assets', 'tiny-Aa11Bb22.js'), 'export {};\n');
  await precompressDir(web);
  api = await createTestApi({ WEB_DIST: web });
  player = await createPlayer(api);
});

afterAll(async () => {
  await api?.close();
  await rm(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url, headers: { ...player.headers, ...headers } });

describe('the web app', () => {
  it('sends the brotli file to a browser that takes brotli, gzip to one that takes only gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/index-Bq3xZ_9k.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-Bq3xZ_9k.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Bq3xZ_9k.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file too small to be worth compressing as it is, even to a browser that asks', async () => {
    const res = await get('/assets/tiny-Aa11Bb22.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('caches hashed assets for a year as immutable and makes the browser revalidate index.html', async () => {
    expect((await get('/assets/index-Bq3xZ_9k.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/tiny-Aa11Bb22.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/territories/12']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), path).toMatch(/^<!doctype html>/);
    }
  });
});

describe('JSON answers', () => {
  it('compresses an answer over 4 KiB in the encoding the client prefers, the same JSON once decoded', async () => {
    const plain = await get('/api/v1/map/regions-overview');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(4096);

    const br = await get('/api/v1/map/regions-overview', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('/api/v1/map/regions-overview', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("compresses a region's kept territory list and answers the same bytes on the next hit", async () => {
    const sql = new pg.Client({ connectionString: api.url });
    await sql.connect();
    await sql.query(`insert into territories (owner_id, name, region, sub_region, position) select null, 'Wild', 7, s, 1 from generate_series(1, 60) s`);
    await sql.end();
    const plain = await get('/api/v1/map/region/7/territories');
    expect(plain.body.length).toBeGreaterThan(4096);
    const first = await get('/api/v1/map/region/7/territories', { 'accept-encoding': 'br' });
    const second = await get('/api/v1/map/region/7/territories', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('sends a small answer as it is', async () => {
    const res = await get('/api/v1/users/me', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ username: player.user.username });
  });

  it("sends a player's territories (over 1 KiB, under 4 KiB) as they are: compressing them would cost more than it saves", async () => {
    const res = await get('/api/v1/territories', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.body.length).toBeLessThan(4096);
    expect(res.json()).toHaveLength(1);
  });
});
