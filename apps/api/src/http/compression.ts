import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

function compress(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  // Quality 5 for answers made per request: most of brotli's gain at a small share of quality 11's time.
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
    if (typeof payload === 'string') return compress(encoding, Buffer.from(payload, 'utf8'));
    let entry = kept.get(payload);
    if (!entry) {
      entry = {};
      kept.set(payload, entry);
    }
    entry[encoding] ??= compress(encoding, payload);
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
