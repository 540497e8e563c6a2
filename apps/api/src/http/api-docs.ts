import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/v1/docs';

type Doc = Awaited<ReturnType<typeof buildOpenApiDocument>>;
interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, unknown>;
}

const routeTables = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every /api/v1 route Fastify registered on `app` (HEAD and the two document routes left out). */
export function apiRouteTable(app: FastifyInstance): readonly { method: string; url: string }[] {
  return routeTables.get(app) ?? [];
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

/** The document as one page of plain HTML (no script: it works offline and under the CSP). */
export function renderDocs(doc: Doc): string {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const rows = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = (op.parameters ?? []).map((p) => `<li><code>${escape(p.name)}</code> in ${p.in}${p.required ? ', required' : ''}: ${json(p.schema)}</li>`).join('');
      const body = op.requestBody ? `<h4>Body</h4>${json(op.requestBody.content['application/json'].schema)}` : '';
      return `<section id="${escape(`${method}-${path}`)}"><h3><span class="m">${method.toUpperCase()}</span> <code>/api/v1${escape(path)}</code></h3>
<p>${escape(op.summary ?? '')}; answers ${Object.keys(op.responses).map(escape).join(', ')}</p>${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broodspace API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ccc;padding:.5rem 0}
.m{display:inline-block;min-width:4.5rem;font-weight:700}pre{background:#f4f4f4;padding:.5rem;overflow:auto;font-size:13px}</style></head>
<body><h1>Broodspace API ${escape(String((doc.info as { version: string }).version))}</h1>
<p>OpenAPI 3.1 document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>. Send <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/v1/auth/token</code>.</p>
${rows.join('\n')}</body></html>`;
}

/**
 * Serves the OpenAPI document of every restRoute and a docs page made from it, and keeps the route
 * table (register before the REST adapters) so a test can check that nothing under /api/v1 is missing.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const table: { method: string; url: string }[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/') || route.url === OPENAPI_PATH || route.url === DOCS_PATH) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  let doc: Promise<Doc> | undefined;
  const document = () => (doc ??= buildOpenApiDocument(app));
  app.get(OPENAPI_PATH, () => document());
  app.get(DOCS_PATH, async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderDocs(await document())));
}

/** The routes of the table that the document does not describe, as `METHOD /api/v1/path` (none, when all is well). */
export function undocumentedRoutes(app: FastifyInstance, doc: Doc): string[] {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  return apiRouteTable(app)
    .filter(({ method, url }) => !paths[url.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()])
    .map(({ method, url }) => `${method} ${url}`);
}
