import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { MESSAGE_RULES } from './message-rules';

/**
 * POST /buddies: a buddy request to a player by name. One row per pair, whoever asked; a request from
 * a player the addressee blocked is stored but never shown to them (they are not told either way).
 */
export async function requestBuddy(deps: WorldDeps, actor: Actor, input: { username: string }, now: Date): Promise<{ id: number; user_id: number; username: string; direction: 'outgoing' }> {
  const found = await deps.em.execute<{ id: number; username: string }[]>('select id, username from users where lower(username) = lower(?)', [input.username.trim()]);
  const other = found[0];
  if (!other) throw fail.notFound(MESSAGE_RULES.recipient);
  if (other.id === actor.id) throw fail.badRequest(MESSAGE_RULES.buddySelf);
  const rows = await deps.em.execute<{ id: string }[]>('insert into buddies (requester_id, addressee_id, created_at) values (?, ?, ?) on conflict do nothing returning id', [actor.id, other.id, now]);
  if (rows.length === 0) throw fail.conflict(MESSAGE_RULES.buddyExists);
  return { id: Number(rows[0]!.id), user_id: other.id, username: other.username, direction: 'outgoing' };
}

/** A pending request addressed to the actor from someone they have not blocked (what they see), or 404. */
async function answerRequest(em: EntityManager, actor: Actor, id: number, sql: string, params: unknown[]): Promise<void> {
  const rows = await em.execute(
    `${sql} where id = ? and addressee_id = ? and accepted_at is null
       and not exists (select 1 from player_blocks b where b.blocker_id = buddies.addressee_id and b.blocked_id = buddies.requester_id) returning id`,
    [...params, id, actor.id],
  );
  if (rows.length === 0) throw fail.notFound(MESSAGE_RULES.buddyRequest);
}

/** POST /buddies/requests/{id}/accept: only the addressee accepts. */
export async function acceptBuddy(deps: WorldDeps, actor: Actor, input: { id: number }, now: Date): Promise<{ id: number; accepted: true }> {
  await answerRequest(deps.em, actor, input.id, 'update buddies set accepted_at = ?', [now]);
  return { id: input.id, accepted: true };
}

/** POST /buddies/requests/{id}/decline: only the addressee declines; the request is removed. */
export async function declineBuddy(deps: WorldDeps, actor: Actor, input: { id: number }): Promise<{ id: number; declined: true }> {
  await answerRequest(deps.em, actor, input.id, 'delete from buddies', []);
  return { id: input.id, declined: true };
}

/** DELETE /buddies/{id}: either side ends a buddy link (or withdraws their own request). */
export async function removeBuddy(deps: WorldDeps, actor: Actor, input: { id: number }): Promise<{ id: number }> {
  const rows = await deps.em.execute('delete from buddies where id = ? and (requester_id = ? or addressee_id = ? and accepted_at is not null) returning id', [input.id, actor.id, actor.id]);
  if (rows.length === 0) throw fail.notFound(MESSAGE_RULES.buddy);
  return { id: input.id };
}
