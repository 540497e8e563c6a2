import { describe, expect, it } from 'vitest';
import { createTokenService } from './token';

describe('token service', () => {
  it('keeps a verified token only until it expires, and keeps nothing for a refused one', async () => {
    const tokens = createTokenService('token-test-secret-0123456789', 1);
    const token = await tokens.issue({ id: 7, username: 'kim' });
    expect(await tokens.verify(token)).toEqual({ user: { id: 7, username: 'kim' } });
    expect(await tokens.verify(token)).toEqual({ user: { id: 7, username: 'kim' } }); // the kept answer

    const forged = await createTokenService('another-secret-0123456789abcd', 60).issue({ id: 7, username: 'kim' });
    expect(await tokens.verify(forged)).toEqual({ error: 'Could not validate credentials' });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(tampered)).toEqual({ error: 'Could not validate credentials' });

    // Issued with one second to live: once the clock passes its `exp`, the kept token is refused too.
    const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    expect(await tokens.verify(token)).toEqual({ error: 'Token has expired' });
    expect(await tokens.verify(token)).toEqual({ error: 'Token has expired' });
  });
});
