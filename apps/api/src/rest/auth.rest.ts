import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { Login, Register } from '../routers/auth.router';
import { restRoute } from './route';

/** /api/v1/auth: register (JSON), token (form-encoded OAuth2 password form), register-test (guest). */
export function registerAuthRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'POST', '/auth/register', (caller, req) => caller.auth.register((req.body ?? {}) as Register), 201);
  restRoute(app, makeContext, 'POST', '/auth/token', (caller, req) => caller.auth.token((req.body ?? {}) as Login));
  restRoute(app, makeContext, 'POST', '/auth/register-test', (caller) => caller.auth.registerTest(), 201);
}
