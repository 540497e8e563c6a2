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

/** Past this many verified tokens kept, the oldest is dropped. */
const MAX_VERIFIED = 50_000;

/**
 * HS256 tokens. A token verified once is kept with its expiry (the same token string can only ever
 * verify the same way until it expires), so the calls of a session check its signature once instead
 * of once or twice a call (the security hook and the call's context each ask).
 */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { user: AuthUser; expiresAtSeconds: number }>();
  const check = async (token: string): Promise<{ user: AuthUser } | { error: string }> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || typeof payload.username !== 'string') return { error: 'Could not validate credentials' };
      const user = { id, username: payload.username };
      if (typeof payload.exp === 'number') {
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        verified.set(token, { user, expiresAtSeconds: payload.exp });
      }
      return { user };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { error: 'Token has expired' };
      return { error: 'Could not validate credentials' };
    }
  };
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
      const kept = verified.get(token);
      if (!kept) return check(token);
      // jose's rule: expired once the clock reaches `exp` (no tolerance).
      if (kept.expiresAtSeconds <= Math.floor(Date.now() / 1000)) {
        verified.delete(token);
        return { error: 'Token has expired' };
      }
      return { user: kept.user };
    },
  };
}
