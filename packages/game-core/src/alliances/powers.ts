import type { Catalogue } from '@brood/game-data';
import type { Levels } from '../types';
import { effectsOf } from '../economy/effects';

/** Alliance ranks, highest first (spec social §1, §6). */
export type AllianceRank = 'LEADER' | 'OFFICER' | 'MEMBER';

/** What a member may try to do in their alliance; the ones with a target act on a fellow member. */
export type AlliancePower = 'update' | 'manage_applications' | 'disband' | 'kick' | 'promote' | 'demote' | 'transfer';

export interface AllianceActor {
  readonly id: number;
  readonly rank: AllianceRank;
}

/** Why a power is refused: the sentence and the kind of refusal (403 not allowed, 409 pointless now, 400 nonsense). */
export interface AllianceRefusal {
  readonly kind: 'FORBIDDEN' | 'CONFLICT' | 'BAD_REQUEST';
  readonly message: string;
}

const forbidden = (message: string): AllianceRefusal => ({ kind: 'FORBIDDEN', message });
const LEADER_OR_OFFICER = new Set<AllianceRank>(['LEADER', 'OFFICER']);

const whatNeedsOfficer: Partial<Record<AlliancePower, string>> = {
  update: 'Only the leader or an officer can change the alliance settings.',
  manage_applications: 'Only the leader or an officer can manage applications.',
  kick: 'Only the leader or an officer can kick members.',
  promote: 'Only the leader or an officer can change member ranks.',
  demote: 'Only the leader or an officer can change member ranks.',
};

/**
 * The powers of spec social §6 and §4.7, as one rule: null when `actor` may use `power` (on `target`,
 * a member of the same alliance), else why not. The leader manages everything and alone disbands,
 * demotes and transfers; an officer updates, manages applications, promotes members and kicks members;
 * a member has no power. Nobody kicks themselves or changes their own rank, the leader is never kicked,
 * and leadership moves only by transfer to an officer.
 */
export function allianceRefusal(power: AlliancePower, actor: AllianceActor, target?: AllianceActor): AllianceRefusal | null {
  if (power === 'disband') return actor.rank === 'LEADER' ? null : forbidden('Only the leader can disband the alliance.');
  if (power === 'transfer') {
    if (actor.rank !== 'LEADER') return forbidden('Only the leader can transfer leadership.');
    if (!target || target.id === actor.id) return { kind: 'BAD_REQUEST', message: 'You already lead this alliance.' };
    return target.rank === 'OFFICER' ? null : { kind: 'BAD_REQUEST', message: 'Leadership can only be transferred to an officer.' };
  }
  if (power === 'update' || power === 'manage_applications') return LEADER_OR_OFFICER.has(actor.rank) ? null : forbidden(whatNeedsOfficer[power]!);
  if (!target) return { kind: 'BAD_REQUEST', message: 'Please select a member.' };
  if (target.id === actor.id) {
    return { kind: 'BAD_REQUEST', message: power === 'kick' ? 'You cannot kick yourself.' : 'You cannot change your own rank.' };
  }
  if (!LEADER_OR_OFFICER.has(actor.rank)) return forbidden(whatNeedsOfficer[power]!);
  if (target.rank === 'LEADER') {
    return forbidden(power === 'kick' ? 'The leader cannot be kicked.' : 'The leader’s rank changes only by a transfer of leadership.');
  }
  if (power === 'kick') return actor.rank === 'OFFICER' && target.rank === 'OFFICER' ? forbidden('Officers can only kick members.') : null;
  if (power === 'promote') return target.rank === 'OFFICER' ? { kind: 'CONFLICT', message: 'This member is already an officer.' } : null;
  if (actor.rank !== 'LEADER') return forbidden('Only the leader can demote an officer.');
  return target.rank === 'MEMBER' ? { kind: 'CONFLICT', message: 'This member is already a member.' } : null;
}

/**
 * How many members an alliance may have: the universe's `alliance_max_members` plus the leader's
 * `alliance_slots` effect (its base value and every technology that gives it).
 */
export function allianceSlotsMax(catalogue: Catalogue, leaderTechnologies: Levels): number {
  const base = catalogue.universe.base_effects.alliance_slots ?? 0;
  const bonus = effectsOf(catalogue, { technologies: leaderTechnologies }, 'all').alliance_slots ?? 0;
  return Math.max(1, Math.floor(catalogue.universe.alliance_max_members + base + bonus));
}
