import { describe, expect, it } from 'vitest';
import { COORDINATE_ERRORS, digitsOnly, homeOf, parseCoordinateEntry } from './coordinates';

const entry = (r: string, s = '', p = '') => parseCoordinateEntry({ r, s, p });

describe('coordinate entry (social 5.3)', () => {
  it('accepts a region alone, a sub-region, or a full position', () => {
    expect(entry('1')).toEqual({ target: { r: 1, s: null, p: null } });
    expect(entry('961', '961')).toEqual({ target: { r: 961, s: 961, p: null } });
    expect(entry('481', '12', '25')).toEqual({ target: { r: 481, s: 12, p: 25 } });
  });

  it('says which box is wrong, region first', () => {
    expect(entry('')).toEqual({ error: COORDINATE_ERRORS.region });
    expect(entry('0')).toEqual({ error: 'Region (R) must be a valid number between 1 and 961.' });
    expect(entry('962', '0', '99')).toEqual({ error: COORDINATE_ERRORS.region });
    expect(entry('5', '962')).toEqual({ error: 'Sub-Region (S) must be a valid number between 1 and 961 if provided.' });
    expect(entry('5', '1', '26')).toEqual({ error: 'Position (P) must be a valid number between 1 and 25 if provided.' });
    expect(entry('5', '', '3')).toEqual({ error: 'If Position (P) is provided, Sub-Region (S) must also be provided.' });
    expect(entry('5', '', '0')).toEqual({ error: COORDINATE_ERRORS.position });
  });

  it('keeps digits only, cut to the box length', () => {
    expect(digitsOnly('4a8-1 9', 3)).toBe('481');
    expect(digitsOnly('1234', 2)).toBe('12');
    expect(digitsOnly('abc', 3)).toBe('');
  });
});

describe('homeOf', () => {
  it('is the first territory founded (the lowest id), or null without territories', () => {
    expect(homeOf([{ id: 9, region: 2, sub_region: 3, position: 1 }, { id: 7, region: 12, sub_region: 30, position: 4 }])).toEqual({ r: 12, s: 30, p: 4 });
    expect(homeOf([])).toBeNull();
    expect(homeOf(undefined)).toBeNull();
  });
});
