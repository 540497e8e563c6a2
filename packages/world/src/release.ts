import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The release a process runs: the root package.json's version and the commit it was built from. */
export interface Release {
  version: string;
  commit: string;
}

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The checkout's commit (12 digits), or 'unknown' where there is no git (an image built without RELEASE_COMMIT). */
function checkoutCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}

const known = new Map<string, Release>();

/**
 * What this process runs, read once: `commit` is the deployment's RELEASE_COMMIT when it sets one
 * (the Dockerfile's build argument), else the checkout's HEAD.
 */
export function currentRelease(commit?: string): Release {
  const key = commit ?? '';
  let release = known.get(key);
  if (!release) {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version?: string };
    release = { version: version ?? '0.0.0', commit: commit || checkoutCommit() };
    known.set(key, release);
  }
  return release;
}
