import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Kinds worth compressing; images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each compressible
 * file of at least 1 KiB under `dir`.
 */
export async function precompressDir(dir: string): Promise<void> {
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = await readFile(path);
    if (bytes.length < MIN_BYTES) continue;
    await writeFile(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/**
 * After the build, writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each
 * compressible file of at least 1 KiB: the api sends them as they are (no compression per request).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'brood-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
