import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, FORMAT_CHARACTER_MESSAGE, mayHoldControlCharacters, NoControlCharacters, visibleName } from './input-guard';
import { redactUrl } from './logging';

const isControl = (c: string) => /[\u0000-\u001f\u007f-\u009f]/u.test(c);
const plainString = fc.string({ unit: 'grapheme' }).filter((s) => ![...s].some(isControl));
const plainJson = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, plainString, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(plainString, tie('value'), { maxKeys: 4 }),
})).value;
const control = fc.integer({ min: 0, max: 0x9f }).filter((n) => n < 0x20 || n >= 0x7f).map((n) => String.fromCharCode(n));

describe('NoControlCharacters', () => {
  it('accepts any input whose texts and keys have no control character', () => {
    fc.assert(fc.property(plainJson, (input) => NoControlCharacters.safeParse(input).success));
  });

  it('refuses a control character anywhere in a text, naming where it is', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(plainString, fc.nat({ max: 3 })), { maxLength: 5 }), plainString, control, plainString, (path, before, bad, after) => {
        // Build the nested value along `path`: strings are object keys, numbers array indexes.
        let input: unknown = `${before}${bad}${after}`;
        for (const step of [...path].reverse()) {
          input = typeof step === 'number' ? Object.assign(new Array(step + 1).fill('ok'), { [step]: input }) : { [step]: input };
        }
        const result = NoControlCharacters.safeParse(input);
        expect(result.success).toBe(false);
        expect(result.error?.issues).toEqual([expect.objectContaining({ message: CONTROL_CHARACTER_MESSAGE, path })]);
      }),
    );
  });

  it('is looked at quickly first: an input the quick look passes is one the check accepts, and an ordinary one passes it', () => {
    fc.assert(fc.property(plainJson, (input) => !mayHoldControlCharacters(input)));
    const withControl = fc.tuple(fc.array(fc.oneof(plainString, fc.nat({ max: 3 })), { maxLength: 5 }), plainString, control, fc.boolean()).map(([path, text, bad, inKey]) => {
      let input: unknown = inKey ? { [`${text}${bad}`]: 1 } : `${text}${bad}`;
      for (const step of [...path].reverse()) input = typeof step === 'number' ? Object.assign(new Array(step + 1).fill('ok'), { [step]: input }) : { [step]: input };
      return input;
    });
    fc.assert(fc.property(withControl, (input) => mayHoldControlCharacters(input) && !NoControlCharacters.safeParse(input).success));
    let deep: unknown = 'fine';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(mayHoldControlCharacters(deep)).toBe(true); // too deep to look at quickly: the full walk decides
    expect(NoControlCharacters.safeParse(deep).success).toBe(true);
  });

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(NoControlCharacters.safeParse(deep).success).toBe(false);
  });
});

describe('visibleName', () => {
  const name = visibleName(z.string());
  const isFormat = (c: string) => /\p{Cf}/u.test(c);
  const visible = fc.string({ unit: 'grapheme' }).filter((s) => ![...s].some(isFormat));
  // Every character of category Cf in the Basic Multilingual Plane and beyond that a name could carry.
  const format = fc.integer({ min: 0, max: 0xe007f }).map((n) => String.fromCodePoint(n)).filter(isFormat);

  it('accepts text without invisible or direction-changing characters, trimmed', () => {
    fc.assert(fc.property(visible, (text) => {
      expect(name.parse(text)).toBe(text.trim());
    }));
  });

  it('refuses any invisible or direction-changing character anywhere in a name', () => {
    fc.assert(
      fc.property(visible, format, visible, (before, bad, after) => {
        const result = name.safeParse(`${before}${bad}${after}x`);
        expect(result.error?.issues).toEqual([expect.objectContaining({ message: FORMAT_CHARACTER_MESSAGE })]);
      }),
    );
  });
});

describe('redactUrl', () => {
  it('keeps the path and never any of the query', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const shown = redactUrl(`${path}?${query}`);
        expect(shown).toBe(`${path}?[redacted]`);
        expect(redactUrl(path)).toBe(path);
      }),
    );
  });
});
