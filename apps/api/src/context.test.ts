import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ReadMemo } from '@brood/world';
import { createTestApi, type TestApi } from '../test/harness';
import { contextFactory } from './context';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await api?.close();
});

/** A request as the context reads it: its method, no token, an address. */
const request = (method: 'GET' | 'POST') => ({ method, headers: {}, ip: '10.9.0.1' }) as FastifyRequest;

describe('the per-request context', () => {
  it('a GET reads one instant however long it runs, and its queries share a read memo', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ctx = await contextFactory(api.deps)(request('GET'));
    const created = ctx.now().getTime();
    vi.setSystemTime(created + 5_000);
    expect(ctx.now().getTime()).toBe(created);
    expect(ctx.reads).toBeInstanceOf(ReadMemo);
  });

  it('a mutation keeps a live clock (a command may wait on a lock) and shares no reads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ctx = await contextFactory(api.deps)(request('POST'));
    const created = ctx.now().getTime();
    vi.setSystemTime(created + 5_000);
    expect(ctx.now().getTime()).toBe(created + 5_000);
    expect(ctx.reads).toBeUndefined();
  });
});
