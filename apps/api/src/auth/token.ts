import { SignJWT, jwtVerify, errors } from 'jose';

export interface AuthUser {
  id: number;
  username: string;
}

export interface TokenService {
  issue(user: AuthUser): Promise<string>;
  /** The user the token names, or a sentence saying why it is refused. */
  verify(token: string): Promise<{ user: AuthUser } | { error: string }>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user) {
      return new SignJWT({ username: user.username })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        if (!Number.isInteger(id) || typeof payload.username !== 'string') return { error: 'Could not validate credentials' };
        return { user: { id, username: payload.username } };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { error: 'Token has expired' };
        return { error: 'Could not validate credentials' };
      }
    },
  };
}
