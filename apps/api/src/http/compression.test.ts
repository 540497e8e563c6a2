import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOnce, pickEncoding, SYNC_MAX_BYTES } from './compression';

/** A JSON answer of about `bytes`, as repetitive as the game's (rows of the same keys). */
function answer(bytes: number): Buffer {
  const rows: string[] = [];
  for (let i = 0, size = 2; size < bytes; i++) {
    const row = JSON.stringify({ user_id: i, username: `player${i}`, total_score: (i * 7919) % 100_003, region: 1 + (i % 961) });
    rows.push(row);
    size += row.length + 1;
  }
  return Buffer.from(`[${rows.join(',')}]`, 'utf8');
}

describe('the encoding an answer goes out in', () => {
  it('prefers brotli, then gzip, honours q=0, and sends nothing compressed to a client that asks for neither', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('an answer made for one request', () => {
  it('is compressed on the event loop up to SYNC_MAX_BYTES and on the thread pool above it, and decodes to the same bytes either way', async () => {
    for (const size of [8 * 1024, SYNC_MAX_BYTES, SYNC_MAX_BYTES + 64 * 1024]) {
      const bytes = answer(size);
      const br = await compressOnce('br', bytes);
      expect(brotliDecompressSync(br).equals(bytes), `br of ${bytes.length}`).toBe(true);
      expect(br.length, `br of ${bytes.length}`).toBeLessThan(bytes.length / 3);
      const gz = await compressOnce('gzip', bytes);
      expect(gunzipSync(gz).equals(bytes), `gzip of ${bytes.length}`).toBe(true);
      expect(gz.length, `gzip of ${bytes.length}`).toBeLessThan(bytes.length / 3);
    }
  });
});
