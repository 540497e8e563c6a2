import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTestServer } from '@brood/world/testing';
import { startGame, type Game, type GameOptions } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where e2e files ask for a running game (see `useGame`). */
    stackPool: string;
  }
}

/** What a file gets back from the pool: a running game, shared with every file that asked for the same options. */
export type SharedGame = Omit<Game, 'stop'>;

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The same options, whatever order their keys were written in. */
function keyOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(keyOf).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${keyOf((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * One game per distinct universe for the whole e2e run, started when the first file asks for it
 * and stopped after the last file: starting a stack (database, migrations, api, worker) costs
 * 15-40 s on a 2-core machine, most of an e2e file's time when each file had its own. The games
 * share one PostgreSQL server, each with a copy of the migrated template (one initdb and one run of
 * the migrations, not one per game, and one server's background work). The pool lives in vitest's
 * main process (files run in their own workers) and answers on a loopback port.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const games = new Map<string, Promise<Game>>();
  const server = startTestServer();
  server.catch(() => undefined); // reported by the game that needed it
  const pool = createServer((request, response) => {
    void (async () => {
      try {
        const options = JSON.parse(await body(request)) as GameOptions;
        const key = keyOf(options);
        let game = games.get(key);
        if (!game) {
          game = server.then((db) => startGame(options, db.serverUrl));
          games.set(key, game);
          game.catch(() => games.delete(key));
        }
        const { baseUrl, databaseUrl, dataDir } = await game;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ baseUrl, databaseUrl, dataDir } satisfies SharedGame));
      } catch (error) {
        response.statusCode = 500;
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => pool.listen(0, '127.0.0.1', resolve));
  project.provide('stackPool', `http://127.0.0.1:${(pool.address() as AddressInfo).port}`);
  return async () => {
    pool.close();
    await Promise.all([...games.values()].map((game) => game.then((g) => g.stop(), () => undefined)));
    await server.then((db) => db.stop(), () => undefined);
  };
}
