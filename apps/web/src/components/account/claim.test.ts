import { describe, expect, it } from 'vitest';
import { CLAIM_PASSWORD_MISMATCH, CLAIM_PASSWORD_SHORT, CLAIM_REQUIRED, claimPrefill, validateClaim } from './claim';

const ok = { username: 'hivequeen', email: 'queen@hive.example', password: 'longenough', confirmPassword: 'longenough' };

describe('claim form validation (core §8 Modals)', () => {
  it('requires username and email first', () => {
    expect(validateClaim({ ...ok, username: '  ' })).toBe(CLAIM_REQUIRED);
    expect(validateClaim({ ...ok, email: '' })).toBe(CLAIM_REQUIRED);
    expect(validateClaim({ ...ok, username: '', password: 'x' })).toBe(CLAIM_REQUIRED);
  });

  it('then a password of at least 8 characters', () => {
    expect(validateClaim({ ...ok, password: 'short77', confirmPassword: 'short77' })).toBe(CLAIM_PASSWORD_SHORT);
    expect(validateClaim({ ...ok, password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });

  it('then matching passwords', () => {
    expect(validateClaim({ ...ok, confirmPassword: 'different1' })).toBe(CLAIM_PASSWORD_MISMATCH);
  });

  it('accepts a complete form', () => {
    expect(validateClaim(ok)).toBeNull();
  });
});

describe('claim form pre-fill', () => {
  it('skips the generated guest name and guest email', () => {
    expect(claimPrefill({ username: 'guest_x7k2m9', email: 'guest_x7k2m9@guest.local' })).toEqual({
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    expect(claimPrefill({ username: 'GUEST_abc', email: 'a@GUEST.LOCAL' })).toMatchObject({ username: '', email: '' });
  });

  it("keeps the player's own name and email", () => {
    expect(claimPrefill({ username: 'hivequeen', email: 'queen@hive.example' })).toMatchObject({
      username: 'hivequeen',
      email: 'queen@hive.example',
    });
    expect(claimPrefill({ username: 'questor', email: 'me@guest.localhost' })).toMatchObject({ username: 'questor', email: 'me@guest.localhost' });
  });

  it('copes with no user', () => {
    expect(claimPrefill(null)).toMatchObject({ username: '', email: '' });
  });
});
