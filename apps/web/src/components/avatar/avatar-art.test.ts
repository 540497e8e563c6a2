import { describe, expect, it } from 'vitest';
import { AVATAR_COUNT, AVATAR_IDS, avatarArt } from './avatar-art';

describe('procedural avatars', () => {
  it('there are 51, ids 1 to 51', () => {
    expect(AVATAR_COUNT).toBe(51);
    expect(AVATAR_IDS[0]).toBe(1);
    expect(AVATAR_IDS.at(-1)).toBe(51);
  });

  it('every id draws a different creature, the same one every time', () => {
    const drawings = AVATAR_IDS.map((id) => JSON.stringify(avatarArt(id)));
    expect(new Set(drawings).size).toBe(51);
    expect(JSON.stringify(avatarArt(17))).toBe(drawings[16]);
  });

  it('an id that is not a positive whole number falls back to avatar 1; ids past 51 draw (a universe may have more)', () => {
    expect(avatarArt(0).id).toBe(1);
    expect(avatarArt(-3).id).toBe(1);
    expect(avatarArt(2.5).id).toBe(1);
    expect(avatarArt(60).id).toBe(60);
  });
});
