import type { Catalogue } from '@brood/game-data';
import type { Mission } from '../fleet/mission-table';

/**
 * Fair play (docs/game-rules.md "Fair play"): newcomer protection by score ratio, the bash limit,
 * vacation and inactivity. The server's dispatch and the web's army panel and map menu decide with
 * these same functions, so the screen never offers what the server refuses. Instants are epoch ms.
 */

export type FairPlaySettings = Catalogue['universe']['fair_play'];
export type ProtectionTier = FairPlaySettings['protection_tiers'][number];

/** 'n' protected from you (too weak), 's' you are protected from them (too strong), 'v' vacation, 'i'/'I' inactive. */
export type PlayerMarker = 'n' | 's' | 'v' | 'i' | 'I';

/** The legend every list of markers shows, in this order. */
export const MARKER_LEGEND: Readonly<Record<PlayerMarker, string>> = {
  n: 'newcomer: protected from you (too weak)',
  s: 'strong: you are protected from them (too strong)',
  v: 'on vacation',
  i: 'inactive',
  I: 'long inactive',
};
export const MARKERS = Object.keys(MARKER_LEGEND) as PlayerMarker[];

/** What fair play needs to know of one player. */
export interface FairPlayPlayer {
  readonly name: string;
  readonly points: number;
  /** 'i' or 'I' when inactive (activity(), from the last sign-in or call), else null */
  readonly activity: 'i' | 'I' | null;
  /** epoch ms the vacation started, or null */
  readonly vacationSince: number | null;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The tier that protects `weak` from `strong`: weak is under its points and strong has more than ratio times weak's. */
function protectingTier(weak: number, strong: number, tiers: readonly ProtectionTier[]): ProtectionTier | null {
  return tiers.find((t) => weak < t.below_points && strong > t.ratio * weak) ?? null;
}

/**
 * Newcomer protection between a viewer and a target: 'n' when the target is protected from the
 * viewer, 's' when the viewer is protected from the target, null when neither. An inactive player
 * loses their protection; an empty tier list turns protection off.
 */
export function protection(viewerPoints: number, targetPoints: number, tiers: readonly ProtectionTier[], targetInactive: boolean, viewerInactive: boolean): 'n' | 's' | null {
  if (!targetInactive && protectingTier(targetPoints, viewerPoints, tiers)) return 'n';
  if (!viewerInactive && protectingTier(viewerPoints, targetPoints, tiers)) return 's';
  return null;
}

/** 'I' after long_inactive_days without activity, 'i' after inactive_days, else null. */
export function activity(lastActiveAt: number | null, now: number, fp: FairPlaySettings): 'i' | 'I' | null {
  if (lastActiveAt == null) return null;
  const idle = now - lastActiveAt;
  if (idle >= fp.long_inactive_days * DAY_MS) return 'I';
  if (idle >= fp.inactive_days * DAY_MS) return 'i';
  return null;
}

export const isInactive = (p: FairPlayPlayer): boolean => p.activity != null;

/** The markers of `target` as `viewer` reads them (none for oneself), in MARKERS order. */
export function playerMarkers(viewer: FairPlayPlayer, target: FairPlayPlayer, fp: FairPlaySettings, sameUser = false): PlayerMarker[] {
  if (sameUser) return [];
  const out: PlayerMarker[] = [];
  const guard = protection(viewer.points, target.points, fp.protection_tiers, isInactive(target), isInactive(viewer));
  if (guard) out.push(guard);
  if (target.vacationSince != null) out.push('v');
  if (target.activity) out.push(target.activity);
  return out;
}

/** 1203 -> '1,203' (the same on every machine, unlike toLocaleString). */
const points = (n: number) => String(Math.floor(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const share = (ratio: number) => ({ 2: 'a half', 3: 'a third', 4: 'a quarter', 5: 'a fifth', 10: 'a tenth' } as Record<number, string>)[ratio] ?? `1/${ratio}`;

/** The missions fair play governs: attacks of every kind and spying (transport and station are free). */
export function isHostile(mission: Mission): boolean {
  return mission === 'ATTACK' || mission === 'SPY' || mission === 'MULTI_PARTY_ATTACK_INITIATOR' || mission === 'MULTI_PARTY_ATTACK_PARTICIPANT';
}

export type FairPlayVerdict = { readonly ok: true } | { readonly ok: false; readonly marker: 'n' | 's' | 'v'; readonly reason: string };

/**
 * Whether `viewer` may attack or spy on `target`: neither on vacation, and no newcomer protection
 * between them. The refusal is the sentence the dispatch's 4xx and the army panel show.
 */
export function canAttack(viewer: FairPlayPlayer, target: FairPlayPlayer, fp: FairPlaySettings): FairPlayVerdict {
  if (target.vacationSince != null) return { ok: false, marker: 'v', reason: `${target.name} is on vacation: nobody can attack or spy on them until it ends.` };
  if (viewer.vacationSince != null) return { ok: false, marker: 'v', reason: 'You are on vacation: end it on your account page to send fleets again.' };
  const tiers = fp.protection_tiers;
  if (!isInactive(target)) {
    const tier = protectingTier(target.points, viewer.points, tiers);
    if (tier) {
      return { ok: false, marker: 'n', reason: `Newcomer protection: ${target.name} has ${points(target.points)} points, under ${share(tier.ratio)} of yours. They can be attacked once they reach ${points(tier.below_points)} points or ${share(tier.ratio)} of yours.` };
    }
  }
  if (!isInactive(viewer)) {
    const tier = protectingTier(viewer.points, target.points, tiers);
    if (tier) {
      return { ok: false, marker: 's', reason: `Newcomer protection: you have ${points(viewer.points)} points, under ${share(tier.ratio)} of ${target.name}'s ${points(target.points)}. You can attack them once you reach ${points(tier.below_points)} points or ${share(tier.ratio)} of theirs.` };
    }
  }
  return { ok: true };
}

/** Spying follows the same rule as attacking. */
export const canSpy = canAttack;

/**
 * The bash limit: given the launch times of the attacks one player sent at one territory (attacks on
 * an inactive owner left out), the instant the next one is allowed, or null when it is allowed now.
 */
export function bashLimitReached(launches: readonly number[], now: number, fp: FairPlaySettings): number | null {
  const window = fp.bash_limit_window_hours * HOUR_MS;
  const recent = launches.filter((t) => t > now - window && t <= now).sort((a, b) => a - b);
  if (recent.length < fp.bash_limit_attacks) return null;
  // The window frees a slot when the oldest launch that keeps it full ages out.
  return recent[recent.length - fp.bash_limit_attacks]! + window;
}

/** The earliest instant a vacation started at `since` may end. */
export const vacationEarliestEnd = (since: number, fp: FairPlaySettings): number => since + fp.vacation_min_hours * HOUR_MS;

/**
 * The time to settle a territory to when its owner may be on vacation: production stands still from
 * the vacation's start, so settling stops there (and the stock there is kept) whatever t asks.
 */
export function productionTime(t: number, updatedAt: number, vacationSince: number | null): number {
  return vacationSince == null ? t : Math.max(updatedAt, Math.min(t, vacationSince));
}
