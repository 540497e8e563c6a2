import { missionLabel, vacationEarliestEnd, type Mission } from '@brood/game-core';
import { vacationView, type VacationView } from '../../queries/fair-play.query';
import { entryOf } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { lockTerritories } from '../../kernel/access';
import { epochMs, sqlRows } from '../../kernel/bulk-write';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockAccountRow, lockPlayer } from '../../kernel/locks';
import { settleTerritories } from '../../settle';
import { appendAudit, MODERATION_RULES, reasonText, type Operator } from '../moderation/audit';
import { coordsText } from '../flight/fleet-parts';

export const NOT_ON_VACATION = 'You are not on vacation.';
export const ALREADY_ON_VACATION = 'You are already on vacation.';
const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Every queue item of the player still running and every fleet of theirs away, as the refusal lists them. */
async function running(em: EntityManager, catalogue: WorldDeps['catalogue'], userId: number, now: Date): Promise<string[]> {
  const items = await sqlRows<{ kind: string; item_key: string; target_level: number | null; quantity: number | null; end_ms: number }>(
    em, `select kind, item_key, target_level, quantity, ${epochMs('end_time')} as end_ms from queue_items where user_id = $1 and end_time > $2 order by end_time`, [userId, now]);
  const fleets = await sqlRows<{ mission: Mission; r: number; s: number; p: number }>(
    em, 'select mission, target_region as r, target_sub_region as s, target_position as p from movements where user_id = $1 order by id', [userId]);
  const nameOf = (kind: string, key: string) => {
    const entry = kind === 'building' ? entryOf(catalogue.structures, key) : kind === 'research' ? entryOf(catalogue.technologies, key) : kind === 'recruitment' ? entryOf(catalogue.units, key) : entryOf(catalogue.defenses, key);
    return entry?.name ?? key;
  };
  return [
    ...items.map((i) => `${nameOf(i.kind, i.item_key)}${i.target_level != null ? ` level ${i.target_level}` : i.quantity != null ? ` x${i.quantity}` : ''} (until ${when(Number(i.end_ms))})`),
    ...fleets.map((f) => `a fleet (${missionLabel(f.mission)}, ${coordsText([f.r, f.s, f.p])})`),
  ];
}

/** Settles every territory of the player to now under their locks; with the vacation set, that adds nothing for its span. */
async function settleAll(em: EntityManager, catalogue: WorldDeps['catalogue'], userId: number, now: Date): Promise<void> {
  const ids = (await em.execute<{ id: number }[]>('select id from territories where owner_id = ? order by id', [userId])).map((r) => r.id);
  const locked = await lockTerritories(em, ids);
  await settleTerritories(em, catalogue, new Map([...locked.values()].map((t) => [t, now])));
  await em.flush();
}

/**
 * POST /users/me/vacation: only with no queue item running and no fleet away (the refusal lists
 * them). The territories are settled to now first; from then on they produce nothing, nothing can be
 * started, and nobody can attack or spy on the player.
 */
export async function startVacation(deps: WorldDeps, actor: Actor, now: Date): Promise<VacationView> {
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const [me] = await tx.em.execute<{ vacation_since: Date | null }[]>('select vacation_since from users where id = ?', [actor.id]);
    if (me?.vacation_since) throw fail.conflict(ALREADY_ON_VACATION);
    const busy = await running(tx.em, tx.catalogue, actor.id, now);
    if (busy.length > 0) throw fail.conflict(`A vacation can start only when nothing is running: ${busy.join('; ')}. Wait for them to finish, or cancel or recall them.`);
    await settleAll(tx.em, tx.catalogue, actor.id, now);
    await tx.em.execute('update users set vacation_since = ? where id = ?', [now, actor.id]);
    return vacationView(tx.catalogue, now)!;
  });
}

/** Ends a vacation: the territories are settled to now (nothing added for the span), then produce again. */
async function end(tx: WorldDeps, userId: number, now: Date): Promise<void> {
  await settleAll(tx.em, tx.catalogue, userId, now);
  await tx.em.execute('update users set vacation_since = null where id = ?', [userId]);
}

/** DELETE /users/me/vacation: not before `vacation_min_hours` (the refusal says from when). */
export async function endVacation(deps: WorldDeps, actor: Actor, now: Date): Promise<{ ended_at: string }> {
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const [me] = await tx.em.execute<{ vacation_since: Date | null }[]>('select vacation_since from users where id = ?', [actor.id]);
    if (!me?.vacation_since) throw fail.conflict(NOT_ON_VACATION);
    const fp = tx.catalogue.universe.fair_play;
    const earliest = vacationEarliestEnd(new Date(me.vacation_since).getTime(), fp);
    if (now.getTime() < earliest) throw fail.conflict(`A vacation lasts at least ${fp.vacation_min_hours} hours: yours can end from ${when(earliest)}.`);
    await end(tx, actor.id, now);
    return { ended_at: now.toISOString() };
  });
}

/** The moderation console: an operator ends a player's vacation at any time, with a reason (audited). */
export async function operatorEndVacation(deps: WorldDeps, operator: Operator, input: { user_id: number; reason: string }, now: Date): Promise<{ user_id: number }> {
  const reason = reasonText(input.reason);
  return inTransaction(deps, async (tx) => {
    const target = await lockAccountRow(tx.em, { id: input.user_id });
    if (!target) throw fail.notFound(MODERATION_RULES.player);
    const [row] = await tx.em.execute<{ vacation_since: Date | null }[]>('select vacation_since from users where id = ?', [target.id]);
    if (!row?.vacation_since) throw fail.conflict('This player is not on vacation.');
    await end(tx, target.id, now);
    await appendAudit(tx.em, operator, { action: 'END_VACATION', target_kind: 'player', target_id: target.id, target_label: target.username, reason }, now);
    return { user_id: target.id };
  });
}
