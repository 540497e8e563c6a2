import type { FastifyRequest } from 'fastify';

/** What every REST adapter shares: path segments and the body, as the procedures' schemas expect them. */

type Params = { id?: string; queueItemId?: string };
type Body = Record<string, unknown> | null | undefined;

/** A path id as a number: NaN for junk, which the procedure's schema refuses with a 422. */
export function pathId(req: FastifyRequest, name: keyof Params = 'id'): number {
  const raw = (req.params as Params)[name];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

export function pathText(req: FastifyRequest, name: keyof Params): string {
  return (req.params as Params)[name] ?? '';
}

export function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body as Body;
  return b && typeof b === 'object' ? b : {};
}
