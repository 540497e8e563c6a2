export type { AppRouter } from './root';
export { buildApp } from './app';
export { readEnv, type Env } from './env';
export type { ApiDeps } from './deps';
export { createTokenService, type TokenService } from './auth/token';
