import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LINK_REPLACEMENT, stripLinks } from './links';

const link = fc.tuple(fc.constantFrom('http://', 'https://', 'www.', 'HTTPS://', 'WWW.'), fc.stringMatching(/^[a-z0-9./?=_-]{0,20}$/)).map(([a, b]) => a + b);
const words = fc.array(fc.oneof(fc.stringMatching(/^[a-zA-Z0-9.,!]{1,8}$/).filter((w) => !/www\.|https?:\/\//i.test(w)), link), { maxLength: 12 });

describe('stripLinks', () => {
  it('leaves no link behind, replaces each one, keeps every other word, and is idempotent', () => {
    fc.assert(fc.property(words, (ws) => {
      const out = stripLinks(ws.join(' '));
      expect(out).not.toMatch(/https?:\/\/|www\./i);
      const links = ws.filter((w) => /^(https?:\/\/|www\.)/i.test(w)).length;
      expect(out.split(LINK_REPLACEMENT).length - 1).toBe(links);
      expect(stripLinks(out)).toBe(out);
    }));
  });

  it('replaces the spec examples', () => {
    expect(stripLinks('see http://x.io and www.y.de now')).toBe(`see ${LINK_REPLACEMENT} and ${LINK_REPLACEMENT} now`);
  });
});
