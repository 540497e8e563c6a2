import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApi, type TestApi } from '@brood/api/testing';
import { apiRouteTable, registerApiDocs, undocumentedRoutes } from '../../apps/api/src/http/api-docs';
import { buildOpenApiDocument } from '../../apps/api/src/http/openapi';
import { restRoute } from '../../apps/api/src/rest/route';
import { contextFactory } from '../../apps/api/src/context';
import { StartConstructionSchema } from '../../apps/api/src/routers/construction.router';

type Op = {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } } } };
  responses: Record<string, unknown>;
  'x-trpc-procedure'?: string;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Op>> };

let api: TestApi;
let doc: Doc;

beforeAll(async () => {
  api = await createTestApi();
  const res = await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

afterAll(async () => {
  await api?.close();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every route Fastify has under /api/v1, routers added later included', () => {
    expect(doc.openapi).toBe('3.1.0');
    const table = apiRouteTable(api.app);
    expect(table.length).toBeGreaterThan(30);
    expect(undocumentedRoutes(api.app, doc as never)).toEqual([]);
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBe(table.length);
  });

  it('fails the check for a route registered beside restRoute', async () => {
    const app = Fastify();
    registerApiDocs(app);
    restRoute(app, contextFactory(api.deps), 'GET', '/users/me', (caller) => caller.users.me());
    app.get('/api/v1/hand-made', async () => ({}));
    await app.ready();
    const own = await buildOpenApiDocument(app);
    expect(undocumentedRoutes(app, own)).toEqual(['GET /api/v1/hand-made']);
    await app.close();
  });

  it("takes each field's schema from the procedure's zod input, placed where the adapter reads it", () => {
    const start = doc.paths['/territories/{id}/structures']!.post!;
    expect(start['x-trpc-procedure']).toBe('construction.start');
    const input = z.toJSONSchema(StartConstructionSchema, { io: 'input' }) as { properties: Record<string, unknown> };
    expect(start.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: input.properties.territory_id }]);
    expect(start.requestBody!.content['application/json'].schema.properties).toEqual({ structure_key: input.properties.structure_key });
    expect(start.requestBody!.content['application/json'].schema.required).toEqual(['structure_key']);
    expect(Object.keys(start.responses)).toEqual(['201', '503', '4XX']);
    expect(start.responses['503']).toMatchObject({ headers: { 'Retry-After': { schema: { type: 'integer' } } } });

    const register = doc.paths['/auth/register']!.post!.requestBody!.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));

    const list = doc.paths['/notifications']!.get!;
    expect(list.parameters!.every((p) => p.in === 'query')).toBe(true);
    expect(list.parameters!.length).toBeGreaterThan(0);

    const territories = doc.paths['/map/region/{id}/territories']!.get!;
    expect(territories.parameters?.map((p) => [p.name, p.in])).toEqual([['id', 'path']]);
  });

  it('has a docs page that lists every operation, with no script', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script/i);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) expect(res.body).toContain(`id="${method}-${path.replace(/"/g, '&#34;')}"`);
    }
  });
});
