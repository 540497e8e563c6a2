import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Ports handed out below the ephemeral range: this many under its first port. */
const SPAN = 12_000;
/** Where the test processes of this machine note the ports they handed out (a file a port, holding the pid). */
const CLAIMS = join(tmpdir(), 'brood-ports');
const handedOut = new Set<number>();

/**
 * A TCP port for a test server or an e2e stack, free now and kept for this process.
 *
 * Not one the OS picks (listen on port 0): that one comes from the ephemeral range, which every
 * outgoing connection of the machine draws its local port from, so in the seconds before a spawned
 * api listens on it a test's own connection could take it (an api then failed to start with
 * EADDRINUSE while a parallel test's server answered on the port). So a port just below that range,
 * which nothing takes but a server that asks for it, that no other test process of the machine has
 * noted as its own (a file in CLAIMS with its pid), and that can be bound now.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const from = Math.max(1024, low - SPAN);
  if (low - from >= 1_000) {
    mkdirSync(CLAIMS, { recursive: true });
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = from + Math.floor(Math.random() * (low - from));
      if (handedOut.has(port) || !claim(port)) continue;
      if (await bindable(port)) {
        if (handedOut.size === 0) process.once('exit', releaseClaims);
        handedOut.add(port);
        return port;
      }
    }
  }
  return osPort(); // a machine whose ephemeral range leaves no room below it
}

/** The first port of the machine's ephemeral range (Linux's default when it cannot be read). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Notes the port as this process's unless a live process noted it first (or is noting it now). */
function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  if (create(file)) return true;
  let owner: number;
  try {
    owner = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || alive(owner)) return false; // empty: being written
  try {
    unlinkSync(file); // its process is gone
  } catch {
    return false;
  }
  return create(file);
}

/** At exit, the notes of the ports this process handed out (one killed leaves them: the next process to pick the port takes it over). */
function releaseClaims(): void {
  for (const port of handedOut) {
    const file = join(CLAIMS, String(port));
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // gone already
    }
  }
}

/** The file made anew with this process's pid, or false when it exists. */
function create(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the OS picks from its ephemeral range. */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}
