import { formatCountdown } from '../../lib/format';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export type ExpiryTone = 'calm' | 'warning' | 'urgent' | 'expired' | 'invalid';

export interface ExpiryState {
  /** 'Expires in 2d 3h 4m 5s', 'Expired!', 'Invalid Date' or 'Error'. */
  text: string;
  /** The countdown alone (compact badges). */
  short: string;
  tone: ExpiryTone;
  /** Red and pulsing under one hour. */
  pulsing: boolean;
  color: string;
}

const COLORS: Record<ExpiryTone, string> = {
  calm: 'dark.1',
  warning: 'yellow.5',
  urgent: 'red.5',
  expired: 'red.6',
  invalid: 'dark.2',
};

/** The guest expiry warning (core §9, social §4.10): yellow under 24 h, red and pulsing under 1 h, then 'Expired!'. */
export function expiryState(expiresAt: Date | string | null | undefined, now: number): ExpiryState {
  try {
    const end = expiresAt instanceof Date ? expiresAt.getTime() : expiresAt ? new Date(expiresAt).getTime() : Number.NaN;
    if (!Number.isFinite(end)) return { text: 'Invalid Date', short: 'Invalid Date', tone: 'invalid', pulsing: false, color: COLORS.invalid };
    const left = end - now;
    if (left <= 0) return { text: 'Expired!', short: 'Expired!', tone: 'expired', pulsing: false, color: COLORS.expired };
    const tone: ExpiryTone = left < HOUR_MS ? 'urgent' : left < DAY_MS ? 'warning' : 'calm';
    const short = formatCountdown(end, now);
    return { text: `Expires in ${short}`, short, tone, pulsing: tone === 'urgent', color: COLORS[tone] };
  } catch {
    return { text: 'Error', short: 'Error', tone: 'invalid', pulsing: false, color: COLORS.invalid };
  }
}
