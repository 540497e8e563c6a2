import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Answers smaller than this go out as they are: compressing them saves less than it costs. Such an
 * answer arrives in one round trip either way (TCP's first window is 10 segments, about 14 KB), and
 * brotli 5 or gzip 6 of a 1 to 4 KB answer took 0.1 to 0.17 ms of CPU on the 2-core bench machine, a
 * third of a whole request of the play screens (a territory is 1.2 KB, a player's list 1.2 KB a
 * territory). The big answers (map, highscore pages) are kept with their compressed bytes anyway.
 */
export const COMPRESS_MIN_BYTES = 4096;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from Accept-Encoding: brotli when the client takes it, else gzip, else
 * none. A `q=0` refuses an encoding.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * An answer made for one request (the tRPC batches, most REST answers) is compressed once and sent
 * once, so its compression is a part of the request's cost: brotli quality 2 (gzip level 3), on the
 * event loop for answers up to SYNC_MAX_BYTES. Measured on the 2-core bench machine against quality 5
 * on the thread pool, per request of the api's CPU (docs/decisions.md 31): the player's statistics
 * (7.5 KB) 0.61 to 0.66 ms instead of 0.96 to 1.02, the empire screen's batch (9 KB) 0.88 to 1.02
 * instead of 1.29 to 1.32, the own highscore page (20 KB) 0.99 to 1.05 instead of 1.35 to 1.51; the
 * bytes grow by 2 to 12%. Quality 5's encoder allocates and clears hash tables of a megabyte for
 * each answer, and the thread pool's hand-off wakes a thread and the loop again: on two busy cores
 * that costs more than the compression itself. Up to 256 KB, quality 2 takes under 1.5 ms of the loop.
 */
export const SYNC_MAX_BYTES = 256 * 1024;
const ONCE = { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } }, gzip: { level: 3 } } as const;

export function compressOnce(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  const br = { params: { ...ONCE.br.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } };
  if (bytes.length <= SYNC_MAX_BYTES) return Promise.resolve(encoding === 'br' ? brotliCompressSync(bytes, br) : gzipSync(bytes, ONCE.gzip));
  return encoding === 'br' ? brotli(bytes, br) : gzipAsync(bytes, ONCE.gzip);
}

/**
 * A kept answer (a Buffer the query layer sends again on every hit) is compressed once for many
 * sends: brotli quality 5 (gzip level 6), most of brotli's gain at a small share of quality 11's
 * time, on the thread pool.
 */
function compressKept(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipAsync(bytes, { level: 6 });
}

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES when the client asks for it. A Buffer
 * payload (the per-region map answer, kept by the query layer and sent again on every hit) has its
 * compressed bytes kept beside it, for as long as the buffer itself is kept.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  const kept = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

  const compressed = (encoding: Encoding, payload: Buffer | string): Promise<Buffer> => {
    if (typeof payload === 'string') return compressOnce(encoding, Buffer.from(payload, 'utf8'));
    let entry = kept.get(payload);
    if (!entry) {
      entry = {};
      kept.set(payload, entry);
    }
    entry[encoding] ??= compressKept(encoding, payload);
    return entry[encoding];
  };

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    reply.header('vary', 'accept-encoding');
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding')) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compressed(encoding, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
