import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler } from './http-errors';
import { DATABASE_AWAY, DATABASE_AWAY_WHILE_SAVING } from './database/outage';

/**
 * Routes outside tRPC and /api/v1 (health, metrics) fall to Fastify's error handler: a database that
 * could not be reached answers 503 with Retry-After, what only a GET can promise (nothing changed);
 * any other failure stays the generic 500.
 */
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const app = Fastify({ logger: false });
app.setErrorHandler(errorHandler('2'));
app.get('/away', async () => Promise.reject(refused));
app.post('/away', async () => Promise.reject(new Error('query failed', { cause: refused })));
app.get('/bug', async () => Promise.reject(new TypeError('x is undefined')));

afterAll(() => app.close());

describe('errorHandler', () => {
  it('answers a database that could not be reached with 503, Retry-After and a true sentence', async () => {
    const read = await app.inject({ method: 'GET', url: '/away' });
    expect({ status: read.statusCode, retryAfter: read.headers['retry-after'], body: read.json() }).toEqual({ status: 503, retryAfter: '2', body: { detail: DATABASE_AWAY } });
    const write = await app.inject({ method: 'POST', url: '/away' });
    expect({ status: write.statusCode, body: write.json() }).toEqual({ status: 503, body: { detail: DATABASE_AWAY_WHILE_SAVING } });
  });

  it('keeps a bug a 500 without its words', async () => {
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect({ status: bug.statusCode, retryAfter: bug.headers['retry-after'], body: bug.json() }).toEqual({ status: 500, retryAfter: undefined, body: { detail: 'Internal server error' } });
  });
});
