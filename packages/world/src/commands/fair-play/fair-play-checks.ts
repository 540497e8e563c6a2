import { bashLimitReached, canAttack, isHostile, isInactive, MARKER_LEGEND, type FairPlayPlayer, type FairPlayVerdict, type Mission } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { epochMs, sqlRows, boundRows } from '../../kernel/bulk-write';
import { fairPlayColumns, fairPlayPlayers, toFairPlayPlayer, type FairPlayRow } from '../../queries/fair-play.query';

/** What a player on vacation reads when they try to start anything. */
export const ON_VACATION = 'You are on vacation: nothing can be built, researched, hatched or sent until you end it (Vacation, in the menu).';

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * Refuses anything started by a player on vacation (queues and fleets stand still): as `onVacation`
 * says when the caller read it already (with a settle, settle.ts), or as the player's row says.
 */
export async function checkNotOnVacation(em: EntityManager, userId: number, onVacation?: boolean): Promise<void> {
  const away = onVacation ?? Boolean((await boundRows<{ vacation_since: Date | null }>(em, 'select vacation_since from users where id = ?', [userId]))[0]?.vacation_since);
  if (away) throw fail.conflict(ON_VACATION);
}

/** The sender of a fleet as fair play read them, and how many of their fleets are out (each takes a slot, checkFleetSlots). */
export interface Dispatcher {
  sender: FairPlayPlayer;
  fleets: number;
}

/**
 * Fair play at dispatch and at joining a group (docs/game-rules.md "Fair play"): the sender is not on
 * vacation; an attack or a spy meets neither vacation nor newcomer protection (game-core canAttack,
 * the army panel's rule); an attack stays under the bash limit, and is recorded for it unless the
 * owner is inactive. Transport, station, colonize and explore pass. Answers the sender as read for
 * it (their name, for the target's warning) and their fleets out, read in the same statement.
 */
export async function checkFairPlay(em: EntityManager, catalogue: Catalogue, actorId: number, mission: Mission, target: { id: number; ownerId: number | null } | null, now: Date): Promise<Dispatcher> {
  const fp = catalogue.universe.fair_play;
  const rows = await sqlRows<FairPlayRow & { id: number; fleets: number | null }>(
    em,
    `select u.id, ${fairPlayColumns('u', 's')}, case when u.id = $2 then (select count(*)::int from movements m where m.user_id = u.id) end as fleets
       from users u left join player_scores s on s.user_id = u.id where u.id = any($1::int[])`,
    [target?.ownerId == null ? [actorId] : [actorId, target.ownerId], actorId],
  );
  const players = new Map(rows.map((r) => [r.id, toFairPlayPlayer(r, catalogue, now)]));
  const me = players.get(actorId)!;
  const out = { sender: me, fleets: Number(rows.find((r) => r.id === actorId)!.fleets) };
  if (me.vacationSince != null) throw fail.conflict(ON_VACATION);
  if (!isHostile(mission) || target?.ownerId == null || target.ownerId === actorId) return out;
  const owner = players.get(target.ownerId)!;
  const verdict = canAttack(me, owner, fp);
  if (!verdict.ok) throw fail.forbidden(verdict.reason);
  if (mission === 'SPY' || isInactive(owner)) return out;
  const since = new Date(now.getTime() - fp.bash_limit_window_hours * 3_600_000);
  // One statement: the launches before the window pruned, this one recorded, and those within the window
  // read as they were before it (a statement's parts share one snapshot). A refusal rolls the transaction
  // back, the pruning and the record with it: both callers run in one (inFleetTransaction).
  const launches = await sqlRows<{ at: number }>(
    em,
    `with pruned as (delete from attack_launches where territory_id = $1 and user_id = $2 and launched_at <= $3),
          recorded as (insert into attack_launches (user_id, territory_id, launched_at) values ($2, $1, $4))
     select ${epochMs('launched_at')} as at from attack_launches where territory_id = $1 and user_id = $2 and launched_at > $3`,
    [target.id, actorId, since, now],
  );
  const next = bashLimitReached(launches.map((l) => Number(l.at)), now.getTime(), fp);
  if (next != null) {
    throw fail.forbidden(`Bash limit: you have launched ${fp.bash_limit_attacks} attacks at this territory within ${fp.bash_limit_window_hours} hours. Your next attack on it is allowed from ${when(next)}.`);
  }
  return out;
}

/** Whether `attackerId` may attack `ownerId` now (vacation, newcomer protection), without recording anything: an invitation's check. */
export async function attackVerdict(em: EntityManager, catalogue: Catalogue, attackerId: number, ownerId: number, now: Date): Promise<FairPlayVerdict> {
  const players = await fairPlayPlayers(em, catalogue, [attackerId, ownerId], now);
  return canAttack(players.get(attackerId)!, players.get(ownerId)!, catalogue.universe.fair_play);
}

/** The invitation's refusal: the invited player may not attack the target's owner. */
export function inviteRefusal(invited: string, owner: string, verdict: FairPlayVerdict): string | null {
  if (verdict.ok) return null;
  return `${invited} cannot join an attack on ${owner}: fair play forbids it (${owner} is '${verdict.marker}', ${MARKER_LEGEND[verdict.marker]}, as ${invited} sees them).`;
}
