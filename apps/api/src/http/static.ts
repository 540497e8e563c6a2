import { sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite writes every file under assets/ with its content hash in the name: a name never changes meaning, so caches keep it a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the icon): revalidated on every load, so a new deployment is seen at once. */
export const REVALIDATE = 'no-cache';

/**
 * How the built web app is served: the brotli or gzip file written beside each asset at build time
 * (apps/web/build/precompress.ts) when the browser asks for it, with Vary: Accept-Encoding; hashed
 * assets cached for a year, the rest revalidated.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE);
    },
  };
}
