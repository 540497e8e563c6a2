import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from './ports';

/** The machine's ephemeral range starts here: outgoing connections take their local ports from it. */
const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
const claims = join(tmpdir(), 'brood-ports');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a free port for a test server', () => {
  it('is below the ephemeral range, never handed out twice, and noted as this process’s', async () => {
    const ports = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeLessThan(low);
      expect(port).toBeGreaterThanOrEqual(Math.max(1024, low - 12_000));
      expect(readFileSync(join(claims, String(port)), 'utf8')).toBe(String(process.pid));
    }
  });

  it('passes over a port another live process noted, and takes one whose process is gone', async () => {
    const from = Math.max(1024, low - 12_000);
    const pick = (port: number) => (port - from + 0.5) / (low - from); // the Math.random() that picks `port`
    const [taken, stale] = [from + 101, from + 202];
    mkdirSync(claims, { recursive: true });
    writeFileSync(join(claims, String(taken)), String(process.ppid)); // the parent: alive
    writeFileSync(join(claims, String(stale)), '2147483646'); // no such process
    vi.spyOn(Math, 'random').mockReturnValueOnce(pick(taken)).mockReturnValueOnce(pick(stale));
    expect(await freePort()).toBe(stale);
    expect(readFileSync(join(claims, String(stale)), 'utf8')).toBe(String(process.pid));
  });
});

describe('the notes of the ports handed out', () => {
  it('are removed when the process exits', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `import { freePort } from ${JSON.stringify(new URL('./ports.ts', import.meta.url).pathname)}; console.log(await freePort());`;
    const port = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
    expect(Number(port)).toBeLessThan(low);
    expect(() => readFileSync(join(claims, port), 'utf8')).toThrow();
  });
});
