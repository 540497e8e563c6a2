import { startTestServer, TEST_SERVER_ENV } from '@brood/world/testing';

/**
 * One throw-away PostgreSQL for the whole run: test files (in any worker) each take a fresh database
 * from it with createTestDatabase(). Stopped when the run ends (or by its watchdog if the run is killed).
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[TEST_SERVER_ENV]) return async () => undefined; // an outer run already provides one
  const server = await startTestServer();
  process.env[TEST_SERVER_ENV] = server.socketUrl; // as the game's processes reach it (decision 27)
  return async () => {
    delete process.env[TEST_SERVER_ENV];
    await server.stop();
  };
}
