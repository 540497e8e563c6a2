import { describe, expect, it } from 'vitest';
import { isOnAuthPage, safeRedirect } from './navigation';

describe('remembered locations', () => {
  it('returns to a requested page of ours', () => {
    expect(safeRedirect('/notifications')).toBe('/notifications');
    expect(safeRedirect('/dashboard?x=1')).toBe('/dashboard?x=1');
  });

  it('defaults to /dashboard for missing, foreign or auth-page targets', () => {
    expect(safeRedirect(undefined)).toBe('/dashboard');
    expect(safeRedirect('https://evil.example/')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard');
    expect(safeRedirect('/register')).toBe('/dashboard');
    expect(safeRedirect('/loginish')).toBe('/loginish');
  });

  it('knows the sign-in pages', () => {
    expect(isOnAuthPage('/login')).toBe(true);
    expect(isOnAuthPage('/register')).toBe(true);
    expect(isOnAuthPage('/dashboard')).toBe(false);
  });
});
